// The club's CLI as a child process (`npm run club -- …` without npm): what it prints and how it
// ends, for the tests of the process, its folder and its commands.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { TEST_NODE_ARGS } from './server-build';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Ran {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Settings a test gives, over none of the developer's own (a fresh shell). */
export function clubEnv(env: Record<string, string>): NodeJS.ProcessEnv {
	const clean = { ...process.env };
	for (const key of [
		'PORT',
		'HOST',
		'DATABASE_URL',
		'CLUB_DATA',
		'APP_ORIGIN',
		'CLUB_NAME',
		'PUBLIC_URL'
	])
		delete clean[key];
	return { ...clean, ...env };
}

/**
 * Runs `npm run club -- ...args` in `cwd` and waits for it to end: the run's bundle of it
 * (server-build.ts), by its path, so it runs from any folder (a test's own, as a fresh clone's).
 */
export function runClub(args: string[], env: Record<string, string>, cwd = ROOT): Promise<Ran> {
	const child = spawn(process.execPath, [...TEST_NODE_ARGS, inject('clubServer').main, ...args], {
		cwd,
		env: clubEnv(env),
		stdio: ['ignore', 'pipe', 'pipe']
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
	child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
	return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
