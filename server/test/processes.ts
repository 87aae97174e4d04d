// Server processes for the fault tests: `npm run club` as a child, on a free port, over a given
// database; and a phone's sync loop that sends its outbox in order and retries until acknowledged.

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ClubOp } from '../../src/lib/club/protocol';
import { push } from './helpers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
	url: string;
	child: ChildProcess;
	/** Stops it (SIGKILL: no goodbye) and waits until it is gone. */
	kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the club server (serve) with `env` (and Node's `nodeArgs`); resolves once it listens. */
export function startServer(
	env: Record<string, string>,
	nodeArgs: string[] = []
): Promise<ServerProcess> {
	const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
		cwd: ROOT,
		env: {
			...process.env,
			TSX_TSCONFIG_PATH: 'server/tsconfig.json',
			PORT: '0',
			HOST: '127.0.0.1',
			APP_ORIGIN: 'http://app.test',
			...env
		},
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let log = '';
	const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`no server after 90 s:\n${log}`)), 90_000);
		const read = (chunk: Buffer) => {
			log += chunk.toString();
			const m = /serving on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
			if (m) {
				clearTimeout(timer);
				child.stdout!.off('data', read);
				resolve({
					url: m[1]!,
					child,
					kill: async (signal = 'SIGKILL') => {
						if (child.exitCode === null && child.signalCode === null) child.kill(signal);
						await gone;
					}
				});
			}
		};
		child.stdout!.on('data', read);
		child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`server exited (${code}):\n${log}`));
		});
	});
}

/** How a phone syncs, and what a test hears of it: each acknowledged batch, each failed attempt. */
export interface SyncOptions {
	/** Operations a batch (3 unless said). */
	size?: number;
	onAck?: () => void;
	onFailure?: () => void;
}

/**
 * A phone's sync loop: sends `outbox` in order, `size` operations a batch, to whichever server
 * `target()` names now; drops a batch only once acknowledged, retries anything else after a short
 * pause. Resolves with the number of attempts that failed.
 */
export async function syncPhone(
	target: () => string,
	token: string,
	outbox: ClubOp[],
	{ size = 3, onAck, onFailure }: SyncOptions = {}
): Promise<number> {
	let failures = 0;
	let i = 0;
	const deadline = Date.now() + 180_000;
	while (i < outbox.length) {
		if (Date.now() > deadline) throw new Error('sync did not finish in 180 s');
		const batch = outbox.slice(i, i + size);
		const reply = await push(target(), token, batch).catch(() => null);
		if (reply?.status === 200) {
			i += batch.length;
			onAck?.();
		} else {
			failures++;
			if (reply && reply.status !== 503) throw new Error(`refused: ${JSON.stringify(reply.body)}`);
			onFailure?.();
			await new Promise((r) => setTimeout(r, 50 + Math.min(failures, 10) * 20));
		}
	}
	return failures;
}

/** A live channel: each call to `next` resolves when the following `change` arrives. */
export async function openChannel(
	url: string,
	headers: Record<string, string> = {}
): Promise<{ next: () => Promise<void>; close: () => void }> {
	const res = await fetch(url, { headers });
	const reader = res.body!.getReader();
	const decoder = new TextDecoder();
	let text = '';
	let seen = 0;
	return {
		next: async () => {
			for (;;) {
				const n = text.split('event: change').length - 1;
				if (n > seen) {
					seen = n;
					return;
				}
				const { value, done } = await reader.read();
				if (done) throw new Error('live channel closed');
				text += decoder.decode(value);
			}
		},
		close: () => void reader.cancel()
	};
}
