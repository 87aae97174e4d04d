// A small static server for the built app: the same files a phone gets, no dev server.
// Unknown paths get the SPA fallback (200.html), so deep links such as /evening/<id> work.
// Usage: node scripts/serve.js [dir=build] [port=4173]
import http from 'node:http';
import sirv from 'sirv';

const dir = process.argv[2] ?? 'build';
const port = Number(process.argv[3] ?? process.env.PORT ?? 4173);
// Loopback by default; HOST=0.0.0.0 lets a phone on the same network open it.
const host = process.env.HOST ?? '127.0.0.1';

// The build's precompressed .br and .gz files are sent to a browser that accepts them.
const assets = sirv(dir, {
	dev: false,
	etag: true,
	single: '200.html',
	extensions: ['html'],
	brotli: true,
	gzip: true
});

http
	.createServer((req, res) => {
		// The service worker must be revalidated on each load, so an update is noticed.
		if (req.url?.startsWith('/service-worker.js')) res.setHeader('Cache-Control', 'no-cache');
		assets(req, res, () => {
			res.statusCode = 404;
			res.end('Not found');
		});
	})
	.listen(port, host, () => {
		console.log(`Caboose is served at http://${host}:${port}/`);
	});
