// A static server like scripts/serve.js whose directory can be swapped while it runs: the update
// journey deploys build B over build A at the same origin, as a real host would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

export interface SwapServer {
	origin: string;
	/** Serve another build from now on (the next request already gets it). */
	swap(dir: string): void;
	close(): Promise<void>;
}

function handlerFor(dir: string) {
	return sirv(dir, { dev: false, etag: true, single: '200.html', extensions: ['html'] });
}

export async function startSwapServer(dir: string, port: number): Promise<SwapServer> {
	let assets = handlerFor(dir);
	const server = http.createServer((req, res) => {
		if (req.url?.startsWith('/service-worker.js')) res.setHeader('Cache-Control', 'no-cache');
		assets(req, res, () => {
			res.statusCode = 404;
			res.end('Not found');
		});
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve());
	});
	const { port: bound } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${bound}`,
		swap(next) {
			assets = handlerFor(next);
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			})
	};
}
