// A build served for a bench as a static host serves it (scripts/serve.js: the build's
// precompressed files); resolves once it listens.
import { spawn } from 'node:child_process';

/** @param {string} dir @param {number} port */
export async function serveBuild(dir, port) {
	const server = spawn(process.execPath, ['scripts/serve.js', dir, String(port)], {
		stdio: ['ignore', 'pipe', 'inherit']
	});
	await new Promise((listening) => server.stdout.once('data', listening));
	return server;
}
