// How the app's modules are grouped into files (a Vite option: Rollup's manualChunks, with
// onlyExplicitManualChunks so that a group holds only the modules named here).
//
// Rollup alone makes one chunk per distinct set of screens that import a module: with ten
// screens that is dozens of files of a few hundred bytes, and a warm evening screen asked the
// service worker for 44 files before its content (the build before the one-build change: 14).
// The groups, from the module graph Rollup gives (static imports only):
// - `framework`: what the app needs before it starts (Svelte, SvelteKit, Vite's preload
//   helper, and whatever SvelteKit's entries import), one file every screen loads first. Not
//   the app's manifest itself (SvelteKit's generated `app.js`, which loads each screen by
//   import()): it stays in its own entry file, because SvelteKit lists the files a prerendered
//   page preloads by walking imports, and stops at files already met behind an import(). With
//   the manifest in `framework`, every page preloaded only its screen's first file;
// - `layout`: the root layout's modules that a screen imports too (the words' runtime, "after
//   the first paint"), which every screen loads beside its own; `layout shell`: the layout's
//   own (the banners, the service worker), which no screen imports. They are apart because
//   SvelteKit lists a page's preloads by walking its imports and skips a file already met
//   behind an import() of a file it imports: through the shell's import()s (a banner's words,
//   the club's sync) home, Players and the view lost `format` and `csv` from their preloads,
//   found only once their screen's file ran, a round trip each;
// - `screens …`: modules that two or more screens need, one of them outside the evening, and
//   neither cold screen (home, the read-only view) does: Dexie, the db and the state classes.
//   One file per set of screens outside the evening that need them (`screens /players
//   /players/[id]`: what only the players' screens and the evening's need), so the Players page
//   does not load the Evenings list's reads nor the club's seats. "Needs" counts what a cold
//   screen loads later by import() too (the view's rounds list, its failure words), unless that
//   import loads Dexie anyway (the view's Keep a copy);
// - `evening`: what only the evening's own screens (round, table, standings, …) share: the
//   evening's state, the score entry. A file imports only files of a larger set of screens
//   (what a module imports, its screens need too), so these files import no file back;
// - `words /`: the messages home and the root layout call (read from their source files, since
//   every message sits behind Paraglide's barrel, which the graph cannot see through), one file
//   instead of one per word;
// - everything else stays where Rollup puts it: what home or the view needs (the graph here
//   counts every module behind a barrel such as `$lib/rules`, Rollup counts only those used,
//   so only Rollup keeps those two screens to what they use), the other messages, one screen's
//   own code, and code loaded by import() only (the chart, the photo count, the club: it loads
//   only for a phone that joined one).

import { readFileSync } from 'node:fs';

/** The group every screen loads first (scripts/eager-compile.js hints it for V8). */
export const FRAMEWORK_GROUP = 'framework';
const FRAMEWORK =
	/node_modules\/(svelte|esm-env|clsx|devalue|@sveltejs\/kit)\/|^\0vite\/preload-helper/;
/**
 * SvelteKit's manifest of screens: the `app.js` it generates for a build (in its `outDir`,
 * `.svelte-kit` or KIT_OUT), one of its two client entries. Matched by its path, as Rollup names
 * the module: this file reads no generated code. `chunkGroupsCheck` stops a build where it is
 * missing (SvelteKit renamed it).
 */
const MANIFEST = /\/generated\/client-optimized\/app\.js$/;
/** SvelteKit's other client entry, its runtime; each screen is an entry too. */
const KIT_ENTRY = /\/@sveltejs\/kit\/src\/runtime\/client\/entry\.js$/;
const DEXIE = /\/node_modules\/dexie\//;
const MESSAGE = /\/src\/lib\/paraglide\/messages\//;
const ROUTE = /\/src\/routes(\/.*)?\/\+(page|layout)(\.svelte|\.ts)$/;
/** The screens that load cold, by their route's folder. */
const COLD = new Set(['', '/view']);
/** Routes whose modules are never put beside the evening screens'. */
const APART = /^\/club(\/|$)/;
/** The evening's own screens, by their route's folder. */
const EVENING = /^\/evening(\/|$)/;

/**
 * @typedef {{ getModuleIds: () => IterableIterator<string>, getModuleInfo: (id: string) => { importedIds: readonly string[], dynamicallyImportedIds: readonly string[] } | null }} Graph
 * @typedef {{ start: boolean, layout: boolean, cold: boolean, screens: Set<string> }} Reach
 */

/**
 * SvelteKit's client entries this grouping names by path, each with how it is matched.
 * @type {[string, RegExp][]}
 */
const ENTRIES = [
	['its manifest of screens (generated/client-optimized/app.js)', MANIFEST],
	['its client runtime (@sveltejs/kit/src/runtime/client/entry.js)', KIT_ENTRY]
];

/** The entries named above that are not among a client build's modules (SvelteKit moved them). */
export function missingEntries(/** @type {Iterable<string>} */ moduleIds) {
	const ids = [...moduleIds];
	return ENTRIES.filter(([, path]) => !ids.some((id) => path.test(id))).map(([what]) => what);
}

/**
 * A Vite plugin that stops the client build when SvelteKit no longer has a module this grouping
 * names: otherwise the groups would change without a word (the manifest in `framework`, and
 * every page preloading only its screen's first file). `npm test`'s build step fails with it.
 * @returns {import('vite').Plugin}
 */
export function chunkGroupsCheck() {
	return {
		name: 'caboose-chunk-groups-check',
		apply: 'build',
		buildEnd(error) {
			if (error || this.environment.name !== 'client') return;
			const missing = missingEntries(this.getModuleIds());
			if (missing.length > 0)
				this.error(
					`scripts/chunk-groups.js: SvelteKit's build has no ${missing.join(' and no ')}: update the paths it matches.`
				);
		}
	};
}

/** Our own source files (not a dependency's, not generated): their text names the words shown. */
const OWN_SOURCE = /\/src\/(lib|routes)\/(?!paraglide\/).*\.(svelte|ts|js)$/;
/** A message as our code calls it: every file imports Paraglide's messages `as m`. */
const CALLED = /\bm\.([A-Za-z_][A-Za-z0-9_]*)\b/g;

/** Rollup's `output.manualChunks`. `read`: a source file's text (the tests give their own). */
export function chunkGroup(
	/** @type {string} */ id,
	/** @type {Graph} */ graph,
	/** @type {(path: string) => string} */ read = (path) => readFileSync(path, 'utf8')
) {
	if (MANIFEST.test(id)) return undefined;
	const reach = reachOf(graph).get(id);
	if (FRAMEWORK.test(id) || reach?.start) return FRAMEWORK_GROUP;
	if (MESSAGE.test(id)) return homeWords(graph, read).has(messageKey(id)) ? 'words /' : undefined;
	if (!reach) return undefined;
	if (reach.layout) return reach.cold || reach.screens.size > 0 ? 'layout' : 'layout shell';
	if (reach.cold || reach.screens.size < 2) return undefined;
	const outside = [...reach.screens].filter((folder) => !EVENING.test(folder)).sort();
	return outside.length === 0 ? 'evening' : `screens ${outside.join(' ')}`;
}

/** @type {WeakMap<object, Map<string, Reach>>} */
const cache = new WeakMap();

/** A message's key: Paraglide writes each message to a module named by it. */
function messageKey(/** @type {string} */ id) {
	return id.slice(id.lastIndexOf('/') + 1).replace(/\.js$/, '');
}

/** @type {WeakMap<object, Set<string>>} */
const homeWordsCache = new WeakMap();

/**
 * The words home and the root layout show: the messages their own source files call. Rollup
 * would split them by which screens share each one, a file of a few hundred bytes per word
 * ("Players", "Settings" …): home asked for 22 files, and Lighthouse's first paint waited on
 * their round trips. (The read-only view's words in a file of their own were tried too: 28 → 25
 * files before its paint, but its first paint came no sooner; its main thread is what it waits on.)
 */
function homeWords(/** @type {Graph} */ graph, /** @type {(path: string) => string} */ read) {
	const known = homeWordsCache.get(graph.getModuleInfo);
	if (known) return known;
	// Home's page and the root layout share most of their modules: each file is read once.
	/** @type {Set<string>} */
	const sources = new Set();
	for (const root of graph.getModuleIds()) {
		const route = ROUTE.exec(root);
		if (!route || route[1] !== undefined) continue;
		for (const id of staticClosure(root, graph)) if (OWN_SOURCE.test(id)) sources.add(id);
	}
	/** @type {Set<string>} */
	const words = new Set();
	for (const id of sources)
		for (const [, key] of read(id).matchAll(CALLED)) if (key) words.add(key);
	homeWordsCache.set(graph.getModuleInfo, words);
	return words;
}

/** For each module: which entries, layouts and screens import it, directly or not. */
function reachOf(/** @type {Graph} */ graph) {
	const known = cache.get(graph.getModuleInfo);
	if (known) return known;
	/** @type {Map<string, Reach>} */
	const reach = new Map();
	for (const root of graph.getModuleIds()) {
		const route = ROUTE.exec(root);
		const entry = KIT_ENTRY.test(root) || MANIFEST.test(root);
		if (!entry && !route) continue;
		const folder = route?.[1] ?? '';
		if (APART.test(folder)) continue;
		for (const id of staticClosure(root, graph)) {
			const r = reach.get(id) ?? { start: false, layout: false, cold: false, screens: new Set() };
			if (entry) r.start = true;
			else if (folder === '' && route?.[2] === 'layout') r.layout = true;
			else if (COLD.has(folder)) r.cold = true;
			else r.screens.add(folder);
			reach.set(id, r);
		}
	}
	for (const id of loadedLaterByCold(graph, reach)) {
		const r = reach.get(id);
		if (r) r.cold = true;
	}
	cache.set(graph.getModuleInfo, reach);
	return reach;
}

/** The modules a cold screen (or the root layout) may load later by import() without Dexie. */
function loadedLaterByCold(/** @type {Graph} */ graph, /** @type {Map<string, Reach>} */ reach) {
	const seen = new Set([...reach].filter(([, r]) => r.cold || r.layout).map(([id]) => id));
	const later = new Set();
	const examined = new Set();
	for (const id of seen)
		for (const target of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
			if (examined.has(target)) continue;
			examined.add(target);
			const closure = staticClosure(target, graph);
			if ([...closure].some((m) => DEXIE.test(m))) continue;
			for (const m of closure) {
				later.add(m);
				seen.add(m);
			}
		}
	return later;
}

function staticClosure(/** @type {string} */ root, /** @type {Graph} */ graph) {
	const seen = new Set([root]);
	for (const id of seen)
		for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) seen.add(dep);
	return seen;
}
