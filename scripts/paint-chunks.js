// One chunk for each set of screens that need the same code before their first paint (issue 12).
//
// Lighthouse's simulation (Lantern) loads a screen over HTTP/1.1 with six connections sharing
// 1.6 Mbps at 150 ms a round trip: while six files are in flight each gets about 4.4 KB a round
// trip, and each file costs a round trip of its own before its first byte. So each file a screen
// waits for costs about as much as 4.4 KB more code. Rollup's own chunking (a chunk for each set
// of entries, dynamic imports included, that reach a module) gave the round screen 31 files;
// merging the small ones by size (experimentalMinChunkSize) took that to 21, but put code of other
// screens into every screen (the db's summaries, the chart's helper, the CSV writer…).
//
// Which modules a screen needs is what Rollup itself works out: names followed through barrels,
// and modules kept for what they do when loaded. A grouping by the import graph on paper put
// valibot and every message into the home screen (54 → 71 KiB gzip). So the browser build runs
// twice: a first build, with Rollup's own chunks, records for each screen the modules its first
// paint loads (`recordPaintModules`); the real build then puts each of those modules into the
// chunk of exactly the screens that need it (`paintChunks`), and every other module (what dynamic
// imports load later) into the chunk it had in the first build.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { readDictionary, ROOT_ERROR } from './fallback-preload.js';

/** Where the first build writes what it learnt (its own kit.outDir, beside this build's). */
export const paintFile = (/** @type {string} */ kitOut) =>
	resolve(`${kitOut}-paint`, 'paint-modules.json');

/**
 * Runs the first build, once per process (SvelteKit's server and browser builds share it): the
 * same app into a folder that is then removed, recording into `paintFile(kitOut)`.
 * @param {string} kitOut
 */
export function firstBuild(kitOut) {
	// Set once the first build has run in this process: the path of what it recorded.
	if (process.env.PAINT_FROM) return;
	const file = paintFile(kitOut);
	const vite = join(
		dirname(createRequire(import.meta.url).resolve('vite/package.json')),
		'bin/vite.js'
	);
	const out = mkdtempSync(join(tmpdir(), 'caboose-first-build-'));
	try {
		const run = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'error'], {
			env: { ...process.env, PAINT_RECORD: file, KIT_OUT: `${kitOut}-paint`, BUILD_DIR: out },
			encoding: 'utf8'
		});
		if (run.status !== 0) throw new Error(`The first build failed:\n${run.stdout}\n${run.stderr}`);
	} finally {
		rmSync(out, { recursive: true, force: true });
	}
	process.env.PAINT_FROM = file;
}

/**
 * A module's id as both builds name it: SvelteKit's generated modules sit in each build's own
 * kit.outDir.
 * @param {string} id @param {string} kitOut
 */
const portable = (id, kitOut) => id.split(resolve(kitOut)).join('<kit>');

/**
 * A plugin for the first build: writes to `file` the modules in the chunks each screen loads
 * before its first paint, and the chunk of every module.
 * @param {{ kitOut: string, file: string }} o
 * @returns {import('vite').Plugin}
 */
export function recordPaintModules({ kitOut, file }) {
	return {
		name: 'caboose-record-paint-modules',
		apply: 'build',
		generateBundle(_, bundle) {
			/** @type {Map<string, import('rollup').OutputChunk>} */
			const byFacade = new Map();
			/** @type {import('rollup').OutputChunk[]} */
			const starts = [];
			for (const out of Object.values(bundle)) {
				if (out.type !== 'chunk' || !out.isEntry || !out.facadeModuleId) continue;
				const node = /\/generated\/client-optimized\/nodes\/(\d+)\.js$/.exec(out.facadeModuleId);
				if (node) byFacade.set(node[1] ?? '', out);
				else starts.push(out);
			}
			if (!byFacade.size) return; // SvelteKit's server build
			const nodeChunks = new Set(byFacade.values());
			/**
			 * The chunks `from` loads with it, itself included, and with `later`, every chunk they
			 * may load afterwards through dynamic imports too (but another screen's: that is a
			 * navigation, which loads that screen's first paint).
			 * @param {import('rollup').OutputChunk[]} from @param {boolean} [later]
			 */
			const closure = (from, later = false) => {
				/** @type {Set<import('rollup').OutputChunk>} */
				const chunks = new Set();
				/** @param {import('rollup').OutputChunk | undefined} chunk */
				const visit = (chunk) => {
					if (!chunk || chunks.has(chunk)) return;
					chunks.add(chunk);
					for (const name of later ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports) {
						const next = bundle[name];
						if (next?.type === 'chunk' && !(later && nodeChunks.has(next))) visit(next);
					}
				};
				from.forEach(visit);
				return chunks;
			};
			const ids = (/** @type {Set<import('rollup').OutputChunk>} */ chunks) =>
				[...chunks].flatMap((chunk) => chunk.moduleIds.map((id) => portable(id, kitOut)));
			/** @type {Record<string, string[]>} */
			const screens = {};
			// What each module may be loaded with later, on which screens: two modules that differ
			// there stay apart, or one dynamic import would fetch the other's code (the live
			// table's db module once fetched the read-only view's page).
			/** @type {Record<string, string[]>} */
			const later = {};
			for (const [route, nodes] of readDictionary(kitOut)) {
				const entries = [
					...starts,
					...[...nodes, ROOT_ERROR].flatMap((n) => byFacade.get(String(n)) ?? [])
				];
				// Modules without code of their own too (barrels, a node's re-exports): where such a
				// module sits decides what its chunk must import.
				screens[route] = ids(closure(entries));
				const first = new Set(screens[route]);
				for (const id of ids(closure(entries, true)))
					if (!first.has(id)) (later[id] ??= []).push(route);
			}
			// Where every other module went: the real build keeps those chunks as they are (a manual
			// chunk would otherwise take in every module its members import on paper). And each
			// module's share of its chunk's minified bytes.
			/** @type {Record<string, string>} */
			const chunkOf = {};
			/** @type {Record<string, number>} */
			const bytes = {};
			for (const out of Object.values(bundle)) {
				if (out.type !== 'chunk') continue;
				const rendered = Object.values(out.modules).reduce((n, m) => n + m.renderedLength, 0);
				for (const [id, m] of Object.entries(out.modules)) {
					chunkOf[portable(id, kitOut)] = out.fileName;
					bytes[portable(id, kitOut)] = Math.round(
						(m.renderedLength / Math.max(rendered, 1)) * out.code.length
					);
				}
			}
			writeFileSync(file, JSON.stringify({ screens, chunkOf, bytes, later }));
		}
	};
}

/**
 * What a file costs a screen in bytes of code: while six files are in flight, each gets 1/6 of
 * Lantern's 1.6 Mbps, which is 4.4 KB a 150 ms round trip, and a file's first byte costs a round
 * trip of its own.
 */
export const FILE_BYTES = 4380;

/**
 * Groups of modules: one for each set of screens whose first paint needs them and of screens that
 * may load them later. Then each small group is merged into one that at least the same screens
 * load first, where the files it saves those screens outweigh the bytes it adds to the others
 * and to what screens load later (FILE_BYTES a file), the most worthwhile merge first.
 * @param {Record<string, string[]>} screens screen -> the modules its first paint needs
 * @param {Record<string, number>} bytes module -> its minified bytes
 * @param {Record<string, string[]>} [later] module -> the screens that may load it later
 * @returns {Map<string, { key: string, screens: string[] }>} module -> its group: a key, and the
 *   screens whose first paint loads it
 */
export function paintGroups(screens, bytes, later = {}) {
	/** @type {Map<string, string[]>} */
	const needers = new Map();
	for (const [screen, ids] of Object.entries(screens))
		for (const id of ids) needers.set(id, [...(needers.get(id) ?? []), screen]);
	/** @type {Map<string, { screens: Set<string>, later: Set<string>, bytes: number, modules: string[] }>} */
	const groups = new Map();
	for (const [id, list] of needers) {
		const key = `${list.join('|')}#${(later[id] ?? []).join('|')}`;
		const group = groups.get(key) ?? {
			screens: new Set(list),
			later: new Set(later[id]),
			bytes: 0,
			modules: []
		};
		group.bytes += bytes[id] ?? 0;
		group.modules.push(id);
		groups.set(key, group);
	}
	/** How many of `a` are not in `b`. @param {Set<string>} a @param {Set<string>} b */
	const outside = (a, b) => [...a].filter((x) => !b.has(x)).length;
	for (;;) {
		let best = null;
		for (const [from, g] of groups) {
			for (const [to, h] of groups) {
				if (from === to || outside(g.screens, h.screens) > 0) continue;
				// Files saved for g's screens; bytes added to h's other screens, and to what screens
				// load later: h with g, g with h.
				const added =
					(h.screens.size - g.screens.size + outside(h.later, g.screens)) * g.bytes +
					outside(g.later, h.screens) * h.bytes;
				const gain = g.screens.size - added / FILE_BYTES;
				if (gain > 0 && (!best || gain > best.gain)) best = { from, to, gain };
			}
		}
		if (!best) break;
		const g = /** @type {NonNullable<ReturnType<typeof groups.get>>} */ (groups.get(best.from));
		const h = /** @type {NonNullable<ReturnType<typeof groups.get>>} */ (groups.get(best.to));
		h.bytes += g.bytes;
		for (const screen of g.later) if (!h.screens.has(screen)) h.later.add(screen);
		h.modules.push(...g.modules);
		groups.delete(best.from);
	}
	/** @type {Map<string, { key: string, screens: string[] }>} */
	const groupOf = new Map();
	for (const [key, g] of groups)
		for (const id of g.modules) groupOf.set(id, { key, screens: [...g.screens] });
	return groupOf;
}

/**
 * For the real build's `manualChunks`: the chunk of each module some screen's first paint needs
 * (one for each of `paintGroups`), the first build's chunk of each other module.
 * @param {string} file what `recordPaintModules` wrote
 * @param {string} kitOut this build's kit.outDir
 * @returns {(id: string) => string | undefined}
 */
export function paintChunks(file, kitOut) {
	/** @type {{ screens: Record<string, string[]>, chunkOf: Record<string, string>, bytes: Record<string, number>, later: Record<string, string[]> }} */
	const { screens, chunkOf, bytes, later } = JSON.parse(readFileSync(file, 'utf8'));
	const groupOf = paintGroups(screens, bytes, later);
	const all = Object.keys(screens).length;
	/** @type {Map<string, string>} */
	const names = new Map();
	/** @type {Map<string, string>} */
	const others = new Map();
	return (id) => {
		const key = portable(id, kitOut);
		const group = groupOf.get(key);
		if (!group) {
			// Every other module keeps the first build's chunk: left to Rollup, a manual chunk
			// would take in each module its modules import on paper that no other chunk claims.
			const chunk = chunkOf[key];
			if (!chunk) return undefined;
			if (!others.has(chunk)) others.set(chunk, `lazy-${others.size}`);
			return others.get(chunk);
		}
		// Named for the reader of Vite's manifest: `paint-all` is what every screen loads.
		if (!names.has(group.key))
			names.set(
				group.key,
				group.screens.length === all ? `paint-all-${names.size}` : `paint-${names.size}`
			);
		return names.get(group.key);
	};
}
