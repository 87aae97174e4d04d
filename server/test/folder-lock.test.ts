// The folder's lock (server/src/folder-lock.ts): of processes taking one folder at the same
// instant exactly one holds it, the others are told who does, and the kernel frees it when its
// holder dies (SIGKILL: nothing left to clean up). Also the socket file used where there is no
// abstract namespace: a live holder keeps it, a dead one's file is replaced.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { heldBy, lockAddress, lockFolder, type Holder } from '../src/folder-lock';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function folder(): string {
	const dir = mkdtempSync(join(tmpdir(), 'club-lock-'));
	dirs.push(dir);
	return dir;
}

/** Another process that takes the folder's lock and keeps it until killed. */
function holderProcess(dir: string, address: string) {
	// folder-lock.ts as the run's server bundle holds it (server-build.ts).
	const module = inject('clubServer').folderLock;
	const child = spawn(
		process.execPath,
		[
			'--input-type=module',
			'-e',
			`import { lockFolder } from ${JSON.stringify(module)};
			 const o = await lockFolder(${JSON.stringify(dir)}, 'server', ${JSON.stringify(address)});
			 console.log(o.held ? 'held' : 'refused');
			 setInterval(() => {}, 1000);`
		],
		{ stdio: ['ignore', 'pipe', 'inherit'] }
	);
	const gone = new Promise((r) => child.once('exit', r));
	const held = new Promise<string>((resolve) =>
		child.stdout.on('data', (c: Buffer) => resolve(c.toString().trim()))
	);
	return { child, held, kill: () => (child.kill('SIGKILL'), gone) };
}

describe('folder lock', () => {
	it('of several taking a folder at once, exactly one holds it; the others are told who', async () => {
		const dir = folder();
		const outcomes = await Promise.all(Array.from({ length: 5 }, () => lockFolder(dir, 'server')));
		const held = outcomes.filter((o) => o.held);
		expect(held).toHaveLength(1);
		for (const o of outcomes)
			if (!o.held) expect(o.holder).toMatchObject({ pid: process.pid, role: 'server' });
		// The same folder by another path is the same lock.
		const link = join(folder(), 'link');
		symlinkSync(dir, link);
		expect((await lockFolder(link, 'cli')).held).toBe(false);
		if (held[0]?.held) {
			held[0].lock.update({ url: 'http://127.0.0.1:8787' });
			const again = await lockFolder(dir, 'cli');
			expect(again.held).toBe(false);
			if (!again.held)
				expect(heldBy(dir, again.holder)).toMatch(
					new RegExp(
						`held by the club server \\(pid ${process.pid}, serving on http://127.0.0.1:8787, since \\d{4}-`
					)
				);
			await held[0].lock.release();
		}
		const after = await lockFolder(dir, 'cli');
		expect(after.held).toBe(true);
		if (after.held) await after.lock.release();
	});

	for (const kind of ['abstract', 'socket file'] as const) {
		it(`(${kind}) is free again once its holder is killed`, async () => {
			const dir = folder();
			const address = lockAddress(dir, kind === 'abstract');
			const first = holderProcess(dir, address);
			try {
				expect(await first.held).toBe('held');
				const refused = await lockFolder(dir, 'server', address);
				expect(refused.held).toBe(false);
				if (!refused.held)
					expect(refused.holder).toMatchObject<Partial<Holder>>({
						pid: first.child.pid!,
						role: 'server'
					});
			} finally {
				await first.kill();
			}
			const next = await lockFolder(dir, 'server', address);
			expect(next.held).toBe(true);
			if (next.held) await next.lock.release();
		});
	}
});
