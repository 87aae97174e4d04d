import { describe, expect, it } from 'vitest';
import { chunkGroup, missingEntries } from '../../scripts/chunk-groups.js';

// A small app's module graph, as Rollup's manualChunks sees it (static imports only).
const APP = '/app/.svelte-kit/generated/client-optimized/app.js';
const KIT_ENTRY = '/app/node_modules/@sveltejs/kit/src/runtime/client/entry.js';
const R = '/app/src/routes';
const L = '/app/src/lib';
const IMPORTS: Record<string, string[]> = {
	[KIT_ENTRY]: ['/app/node_modules/svelte/src/internal/client/index.js'],
	[APP]: ['\0vite/preload-helper.js', '/app/.svelte-kit/generated/root.svelte'],
	'/app/.svelte-kit/generated/root.svelte': [
		'/app/node_modules/svelte/src/internal/client/index.js'
	],
	[`${R}/+layout.svelte`]: [
		`${L}/state/app-status.svelte.ts`,
		`${L}/paraglide/messages.js`,
		`${L}/pwa/settled.ts`
	],
	[`${L}/paraglide/messages.js`]: [`${L}/paraglide/messages/_index.js`],
	[`${L}/paraglide/messages/_index.js`]: [
		`${L}/paraglide/messages/home_title.js`,
		`${L}/paraglide/messages/players.js`,
		`${L}/paraglide/messages/player_rename.js`
	],
	[`${R}/+page.svelte`]: [`${L}/db/peek.ts`, `${L}/rules/index.ts`],
	[`${R}/view/+page.svelte`]: [`${L}/rules/index.ts`, `${L}/state/link.svelte.ts`],
	[`${L}/rules/index.ts`]: [`${L}/rules/score.ts`],
	[`${R}/evening/[id]/+page.svelte`]: [
		`${L}/state/evening.svelte.ts`,
		`${L}/rules/index.ts`,
		`${L}/components/round/ScoreEntry.svelte`,
		`${L}/components/Domino.svelte`
	],
	[`${R}/evening/[id]/standings/+page.svelte`]: [
		`${L}/state/evening.svelte.ts`,
		`${L}/components/Domino.svelte`
	],
	[`${L}/components/round/RoundsList.svelte`]: [`${L}/components/Domino.svelte`],
	[`${L}/state/evening.svelte.ts`]: [`${L}/db/client.ts`],
	[`${R}/players/+page.svelte`]: [
		`${L}/state/players.svelte.ts`,
		`${L}/paraglide/messages.js`,
		`${L}/pwa/settled.ts`
	],
	[`${L}/state/players.svelte.ts`]: [`${L}/db/client.ts`],
	[`${L}/db/client.ts`]: ['/app/node_modules/dexie/dist/dexie.js'],
	[`${R}/club/standings/+page.svelte`]: [
		`${L}/state/club.svelte.ts`,
		`${L}/state/evening.svelte.ts`
	],
	// Reached only through import(): not in anyone's static imports.
	[`${L}/components/chart.ts`]: []
};
// What is loaded by import(): the view shows its rounds list after paint (no Dexie), and keeps a
// copy of the evening on a tap (Dexie).
const LATER: Record<string, string[]> = {
	[`${L}/state/link.svelte.ts`]: [`${L}/components/round/RoundsList.svelte`, `${L}/db/client.ts`]
};
const graph = {
	getModuleIds: () =>
		new Set([
			...Object.keys(IMPORTS),
			...Object.values(IMPORTS).flat(),
			...Object.values(LATER).flat()
		]).values(),
	getModuleInfo: (id: string) => ({
		importedIds: IMPORTS[id] ?? [],
		dynamicallyImportedIds: LATER[id] ?? []
	})
};
// What our own source files say: the messages they call (`m.key`), as chunkGroup reads them.
const SOURCES: Record<string, string> = {
	[`${R}/+page.svelte`]: '<h1>{m.home_title()}</h1> <a href="/players">{m.players()}</a>',
	[`${R}/players/+page.svelte`]: '<h1>{m.players()}</h1> <button>{m.player_rename()}</button>'
};
const read = (path: string) => SOURCES[path] ?? '';
const group = (id: string) => chunkGroup(id, graph, read);

describe('chunkGroup: which file a module goes to', () => {
	it('puts what the app needs to start in one framework file', () => {
		expect(group('/app/node_modules/svelte/src/internal/client/index.js')).toBe('framework');
		expect(group('\0vite/preload-helper.js')).toBe('framework');
		expect(group('/app/.svelte-kit/generated/root.svelte')).toBe('framework');
	});

	it("keeps SvelteKit's manifest of screens (every screen by import()) in its own entry file", () => {
		expect(group(APP)).toBeUndefined();
		// A build with its own outDir (KIT_OUT, as the update test's second build).
		expect(
			chunkGroup('/app/.svelte-kit-b/generated/client-optimized/app.js', graph, read)
		).toBeUndefined();
	});

	it('names the SvelteKit entries a build lacks, so the build stops (chunkGroupsCheck)', () => {
		expect(missingEntries(graph.getModuleIds())).toEqual([]);
		const renamed = [...graph.getModuleIds()].map((id) =>
			id === APP ? '/app/.svelte-kit/generated/client-optimized/manifest.js' : id
		);
		expect(missingEntries(renamed)).toEqual([
			'its manifest of screens (generated/client-optimized/app.js)'
		]);
		expect(missingEntries(renamed.filter((id) => id !== KIT_ENTRY))).toHaveLength(2);
	});

	it("puts the root layout's modules in one file", () => {
		expect(group(`${L}/paraglide/messages.js`)).toBe('layout');
		expect(group(`${L}/pwa/settled.ts`)).toBe('layout');
	});

	it('puts the words home shows in one file, whichever other screens show them too', () => {
		expect(group(`${L}/paraglide/messages/home_title.js`)).toBe('words /');
		expect(group(`${L}/paraglide/messages/players.js`)).toBe('words /');
		// Words home does not show stay where Rollup puts them (beside the screens that do).
		expect(group(`${L}/paraglide/messages/player_rename.js`)).toBeUndefined();
	});

	it("keeps the layout's own modules, which no screen imports, in a file no screen imports", () => {
		// SvelteKit skips a preload already met behind an import() of a file the page imports:
		// the banners' import()s must not hide a screen's own files.
		expect(group(`${L}/state/app-status.svelte.ts`)).toBe('layout shell');
	});

	it('puts what two screens share in one file per set of screens outside the evening: Dexie, the db, the state', () => {
		for (const id of [`${L}/db/client.ts`, '/app/node_modules/dexie/dist/dexie.js'])
			expect(group(id), id).toBe('screens /players');
	});

	it("puts what only the evening's screens share in a file of their own, which Players does not load", () => {
		expect(group(`${L}/state/evening.svelte.ts`)).toBe('evening');
		// One screen's own state stays with it.
		expect(group(`${L}/state/players.svelte.ts`)).toBeUndefined();
	});

	it('keeps out of it what a cold screen loads later without Dexie', () => {
		// The view's rounds list (import() after paint) shows dominoes: loading it must not load
		// the evening screens' file, with Dexie in it.
		expect(group(`${L}/components/Domino.svelte`)).toBeUndefined();
		// Keep a copy loads Dexie anyway, so the db stays with the screens'.
		expect(group(`${L}/db/client.ts`)).toBe('screens /players');
	});

	it('leaves to Rollup what home or the read-only view needs, so they load only what they use', () => {
		for (const id of [
			`${L}/db/peek.ts`,
			`${L}/rules/index.ts`,
			`${L}/rules/score.ts`,
			`${R}/+page.svelte`
		])
			expect(group(id), id).toBeUndefined();
	});

	it("leaves one screen's own code, the club's, and code loaded by import() to Rollup", () => {
		expect(group(`${L}/components/round/ScoreEntry.svelte`)).toBeUndefined();
		expect(group(`${L}/state/club.svelte.ts`)).toBeUndefined();
		expect(group(`${L}/components/chart.ts`)).toBeUndefined();
	});
});
