// How the browser build groups the app's modules (scripts/paint-chunks.js): the first build
// records what each screen's first paint loads; the real build gives each module the chunk of the
// screens that need it, merging a small group into a wider one only when that saves files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutputBundle, OutputChunk, Plugin, RenderedModule } from 'rollup';
import {
	FILE_BYTES,
	paintChunks,
	paintGroups,
	recordPaintModules
} from '../../scripts/paint-chunks.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir() {
	const dir = mkdtempSync(join(tmpdir(), 'paint-chunks-'));
	dirs.push(dir);
	return dir;
}

describe('paintGroups', () => {
	it('puts each module with exactly the screens that need it when nothing is worth merging', () => {
		const big = FILE_BYTES * 10;
		const groups = paintGroups(
			{ home: ['layout', 'homePage'], round: ['layout', 'roundPage', 'entry'] },
			{ layout: big, homePage: big, roundPage: big, entry: big }
		);
		expect(groups.get('layout')?.screens).toEqual(['home', 'round']);
		expect(groups.get('homePage')?.screens).toEqual(['home']);
		expect(groups.get('roundPage')?.screens).toEqual(['round']);
		expect(groups.get('entry')?.screens).toEqual(['round']);
	});

	it('merges a small group into a wider one when the files it saves outweigh the bytes it adds', () => {
		const screens = {
			a: ['common', 'ab', 'aOnly'],
			b: ['common', 'ab'],
			c: ['common'],
			d: ['common']
		};
		// `ab` (two screens) is worth moving into `common`: 2 files saved, 2 × 1 KB added.
		const small = paintGroups(screens, { common: 50_000, ab: 1000, aOnly: 40_000 });
		expect(small.get('ab')?.screens).toEqual(['a', 'b', 'c', 'd']);
		// A large `ab` stays: 2 files saved would cost c and d 20 KB each.
		const large = paintGroups(screens, { common: 50_000, ab: 20_000, aOnly: 40_000 });
		expect(large.get('ab')?.screens).toEqual(['a', 'b']);
		// Never into a group some of its screens do not load.
		expect(large.get('aOnly')?.screens).toEqual(['a']);
	});

	it('keeps apart what screens load later, unless it is small', () => {
		const screens = { view: ['viewPage', 'schema', 'words', 'bidi'], table: ['tablePage'] };
		const bytes = { viewPage: 30_000, schema: 20_000, words: 100, bidi: 300, tablePage: 30_000 };
		// The table screen's db module loads the schema later, and the view's words and bidi
		// helper on the table screen's dialogs.
		const later = { schema: ['table'], words: ['table'], bidi: ['table'] };
		const groups = paintGroups(screens, bytes, later);
		// The table screen never fetches the view's page with the schema.
		expect(groups.get('schema')?.key).not.toBe(groups.get('viewPage')?.key);
		expect(groups.get('schema')?.screens).toEqual(['view']);
		// 400 bytes are not worth a file of their own: the table screen fetches them with the
		// schema.
		expect(groups.get('words')?.key).toBe(groups.get('schema')?.key);
	});

	it('every module lands with at least the screens that need it', () => {
		const screens: Record<string, string[]> = {};
		const bytes: Record<string, number> = {};
		// 6 screens, 60 modules needed by pseudo-random sets of them, of pseudo-random sizes.
		let seed = 7;
		const next = () => (seed = (seed * 16807) % 2147483647);
		for (let m = 0; m < 60; m++) {
			bytes[`m${m}`] = next() % 6000;
			const mask = (next() % 63) + 1;
			for (let s = 0; s < 6; s++) if (mask & (1 << s)) (screens[`s${s}`] ??= []).push(`m${m}`);
		}
		const groups = paintGroups(screens, bytes);
		for (const [screen, ids] of Object.entries(screens))
			for (const id of ids) expect(groups.get(id)?.screens).toContain(screen);
	});
});

describe('recordPaintModules and paintChunks', () => {
	/** A bundle as Rollup hands it to generateBundle. */
	function chunk(fileName: string, o: Partial<OutputChunk>): OutputChunk {
		return {
			type: 'chunk',
			fileName,
			isEntry: false,
			facadeModuleId: null,
			imports: [],
			dynamicImports: [],
			moduleIds: [],
			modules: {},
			code: '',
			...o
		} as OutputChunk;
	}

	it('records the modules each screen loads before its first paint, then names their chunks', () => {
		const kit = tempDir();
		mkdirSync(join(kit, 'generated/client-optimized'), { recursive: true });
		// SvelteKit's route dictionary: home is node 2, the round screen node 3 (root layout 0).
		writeFileSync(
			join(kit, 'generated/client-optimized/app.js'),
			'export const dictionary = {"/": [2], "/evening/[id]": [3]};'
		);
		const node = (n: number) => resolve(kit, `generated/client-optimized/nodes/${n}.js`);
		const mod = (code: string) => ({ renderedLength: code.length, code }) as RenderedModule;
		const bundle = {
			'start.js': chunk('start.js', { isEntry: true, facadeModuleId: '/kit/entry.js' }),
			...Object.fromEntries(
				[0, 1, 2, 3].map((n) => [
					`nodes/${n}.js`,
					chunk(`nodes/${n}.js`, {
						isEntry: true,
						facadeModuleId: node(n),
						moduleIds: [node(n)],
						imports: n === 2 ? ['home.js'] : n === 3 ? ['round.js', 'shared.js'] : [],
						modules: { [node(n)]: mod('') }
					})
				])
			),
			'home.js': chunk('home.js', {
				imports: ['shared.js'],
				moduleIds: ['/src/home.svelte'],
				modules: { '/src/home.svelte': mod('x'.repeat(100)) },
				code: 'x'.repeat(20_000)
			}),
			'round.js': chunk('round.js', {
				dynamicImports: ['db.js'],
				moduleIds: ['/src/round.svelte'],
				modules: { '/src/round.svelte': mod('x'.repeat(100)) },
				code: 'x'.repeat(20_000)
			}),
			'shared.js': chunk('shared.js', {
				moduleIds: ['/src/format.ts'],
				modules: { '/src/format.ts': mod('x'.repeat(10)) },
				code: 'x'.repeat(10)
			}),
			'db.js': chunk('db.js', {
				moduleIds: ['/src/db.ts'],
				modules: { '/src/db.ts': mod('x'.repeat(100)) },
				code: 'x'.repeat(100)
			})
		} as unknown as OutputBundle;
		const file = join(tempDir(), 'paint.json');
		const plugin = recordPaintModules({ kitOut: kit, file }) as Plugin & {
			generateBundle: (this: unknown, o: unknown, b: OutputBundle) => void;
		};
		plugin.generateBundle.call({}, {}, bundle);

		const recorded = JSON.parse(readFileSync(file, 'utf8'));
		expect(recorded.screens['/']).toEqual(
			expect.arrayContaining([
				'/src/home.svelte',
				'/src/format.ts',
				'<kit>/generated/client-optimized/nodes/0.js'
			])
		);
		expect(recorded.screens['/']).not.toContain('/src/round.svelte');
		expect(recorded.screens['/evening/[id]']).toEqual(
			expect.arrayContaining(['/src/round.svelte', '/src/format.ts'])
		);
		expect(recorded.bytes['/src/home.svelte']).toBe(20_000);
		// The round screen loads the db later; home never does.
		expect(recorded.later['/src/db.ts']).toEqual(['/evening/[id]']);

		// The real build, in another kit folder: the same names for the same modules. Each page
		// (20 KB) stays its own screen's: one file saved is not worth 20 KB to the other screen.
		const name = paintChunks(file, tempDir());
		expect(name('/src/format.ts')).toMatch(/^paint-all/);
		expect(name('/src/home.svelte')).not.toBe(name('/src/round.svelte'));
		expect(name('/src/home.svelte')).toMatch(/^paint-/);
		// No first paint needs the db: it keeps the first build's chunk.
		expect(name('/src/db.ts')).toMatch(/^lazy-/);
		expect(name('/src/unknown.ts')).toBeUndefined();
	});
});
