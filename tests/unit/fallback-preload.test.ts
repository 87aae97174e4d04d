// The SPA fallback's route table (scripts/fallback-preload.js): each deep link preloads exactly
// its own route's modules, matched in SvelteKit's order; the inline script is allowed by the CSP.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
	addModulePreloads,
	addPreloads,
	clientImports,
	buildPreloadTable,
	inlineScript,
	linkedHrefs,
	pickPreloads,
	routeOf,
	routePattern
} from '../../scripts/fallback-preload.js';

// The shape of this app's dictionary: root layout 0, the evening layout 2.
const dictionary = new Map<string, number[]>([
	['/', [0, 3]],
	['/players', [0, 11]],
	['/evening/[id]', [0, 2, 4]],
	['/evening/[id]/round/[k]', [0, 2, 5]],
	['/evening/[id]/table', [0, 2, 8]],
	['/players/[id]', [0, 12]]
]);
const NODES: Record<number, { imports: string[]; stylesheets: string[] }> = {
	0: {
		imports: ['_app/immutable/nodes/0.js', '_app/immutable/chunks/shared.js'],
		stylesheets: ['_app/immutable/assets/0.css']
	},
	// The root error page, which SvelteKit's client loads at every start.
	1: { imports: ['_app/immutable/nodes/1.js'], stylesheets: [] },
	2: {
		imports: [
			'_app/immutable/nodes/2.js',
			'_app/immutable/chunks/shared.js',
			'_app/immutable/chunks/db.js'
		],
		stylesheets: []
	},
	3: { imports: ['_app/immutable/nodes/3.js'], stylesheets: [] },
	4: {
		imports: ['_app/immutable/nodes/4.js', '_app/immutable/chunks/entry.js'],
		stylesheets: ['_app/immutable/assets/4.css']
	},
	5: { imports: ['_app/immutable/nodes/5.js', '_app/immutable/chunks/entry.js'], stylesheets: [] },
	8: {
		imports: ['_app/immutable/nodes/8.js', '_app/immutable/chunks/db.js'],
		stylesheets: ['_app/immutable/assets/8.css', '_app/immutable/assets/Domino.css']
	},
	11: { imports: ['_app/immutable/nodes/11.js'], stylesheets: [] },
	12: { imports: ['_app/immutable/nodes/12.js'], stylesheets: ['_app/immutable/assets/12.css'] }
};
const node = (n: number) => NODES[n]!;
// What SvelteKit already links in 200.html: the root layout and its (inlined) CSS.
const linked = new Set([
	'/_app/immutable/nodes/0.js',
	'/_app/immutable/chunks/shared.js',
	'/_app/immutable/assets/0.css'
]);
const table = buildPreloadTable({
	dictionary,
	node,
	prerendered: new Set(['/', '/players']),
	linked
});

describe('the route patterns', () => {
	it('match a segment per parameter, a trailing slash, nothing more', () => {
		const table = new RegExp(routePattern('/evening/[id]/table'));
		expect(table.test('/evening/abc-123/table')).toBe(true);
		expect(table.test('/evening/abc-123/table/')).toBe(true);
		expect(table.test('/evening/abc/def/table')).toBe(false);
		expect(table.test('/evening//table')).toBe(false);
		expect(table.test('/evening/abc/tables')).toBe(false);
		expect(new RegExp(routePattern('/')).test('/')).toBe(true);
	});
	it('handle groups, optional and rest parameters, matchers and a base path', () => {
		expect(new RegExp(routePattern('/(app)/a/[x=int]')).test('/a/7')).toBe(true);
		const optional = new RegExp(routePattern('/[[lang]]/about'));
		expect(optional.test('/about')).toBe(true);
		expect(optional.test('/de/about')).toBe(true);
		const rest = new RegExp(routePattern('/files/[...path]'));
		expect(rest.test('/files')).toBe(true);
		expect(rest.test('/files/a/b/c')).toBe(true);
		expect(new RegExp(routePattern('/v1.0/[id]')).test('/v1x0/3')).toBe(false);
		const based = new RegExp(routePattern('/evening/[id]', '/caboose'));
		expect(based.test('/caboose/evening/x')).toBe(true);
		expect(based.test('/evening/x')).toBe(false);
	});
	it('pick the first route in SvelteKit order', () => {
		expect(routeOf(dictionary, '/players')).toBe('/players');
		expect(routeOf(dictionary, '/players/p-anna')).toBe('/players/[id]');
		expect(routeOf(dictionary, '/evening/e1/round/3')).toBe('/evening/[id]/round/[k]');
		expect(routeOf(dictionary, '/nowhere')).toBe(null);
	});
});

describe('the fallback table', () => {
	it('leaves out prerendered routes and files the page already links', () => {
		expect(table.routes.map(([pattern]) => pattern)).toEqual([
			routePattern('/evening/[id]'),
			routePattern('/evening/[id]/round/[k]'),
			routePattern('/evening/[id]/table'),
			routePattern('/players/[id]')
		]);
		expect(table.prefix).toBe('/_app/immutable/');
		expect(table.files).not.toContain('chunks/shared.js');
		expect(table.files).not.toContain('assets/0.css');
		// Each href is listed once, however many routes share it.
		expect(new Set(table.files).size).toBe(table.files.length);
	});
	it('preloads exactly the matched route: its layouts, its page, their imports and CSS', () => {
		expect(pickPreloads(table, '/evening/e1/table')).toEqual([
			'/_app/immutable/nodes/2.js',
			'/_app/immutable/chunks/db.js',
			'/_app/immutable/nodes/8.js',
			'/_app/immutable/assets/8.css',
			'/_app/immutable/assets/Domino.css',
			'/_app/immutable/nodes/1.js'
		]);
		expect(pickPreloads(table, '/evening/e1')).toEqual([
			'/_app/immutable/nodes/2.js',
			'/_app/immutable/chunks/db.js',
			'/_app/immutable/nodes/4.js',
			'/_app/immutable/chunks/entry.js',
			'/_app/immutable/assets/4.css',
			'/_app/immutable/nodes/1.js'
		]);
		expect(pickPreloads(table, '/players/p-%C3%A9mile')).toEqual([
			'/_app/immutable/nodes/12.js',
			'/_app/immutable/assets/12.css',
			'/_app/immutable/nodes/1.js'
		]);
		// A path no route serves (the app shows its 404) preloads nothing more.
		expect(pickPreloads(table, '/evening/e1/nowhere')).toEqual([]);
		expect(pickPreloads(table, '/%E0%A4%A')).toEqual([]);
	});
});

describe('the rewritten fallback page', () => {
	const page = `<head>
		<meta http-equiv="content-security-policy" content="default-src 'self'; worker-src 'self'; script-src 'self' 'sha256-kit='; style-src 'self'">
		<link href="/_app/immutable/nodes/0.js" rel="modulepreload">
		<link href="/_app/immutable/chunks/shared.js" rel="modulepreload">
		<style>b{}</style>
		<link href="/_app/immutable/assets/0.css" rel="stylesheet" disabled media="(max-width: 0)">
	</head><body><script>boot()</script></body>`;
	const out = addPreloads(page, table);
	const script = inlineScript(table);

	it('reads the links the page already has', () => {
		expect(linkedHrefs(page)).toEqual(linked);
	});
	it('places the script after the last modulepreload, before the styles and the boot script', () => {
		const at = out.indexOf(`<script>${script}</script>`);
		expect(at).toBeGreaterThan(out.indexOf('shared.js'));
		expect(at).toBeLessThan(out.indexOf('<style>'));
		expect(out.indexOf('<script>', at + 1)).toBe(out.indexOf('<script>boot()'));
	});
	it("adds the script's hash to script-src and keeps Kit's", () => {
		const hash = createHash('sha256').update(script).digest('base64');
		expect(out).toContain(`script-src 'self' 'sha256-kit=' 'sha256-${hash}'; style-src`);
		expect(out).toContain("worker-src 'self';");
	});
	it('refuses a CSP it cannot extend, rather than a script the browser would refuse', () => {
		const noScriptSrc = page.replace(" script-src 'self' 'sha256-kit=';", '');
		expect(() => addPreloads(noScriptSrc, table)).toThrow(/script-src/);
	});
	it('runs: the inline script appends the matched links', () => {
		const appended: { rel: string; as?: string; crossOrigin?: string; href: string }[] = [];
		const document = {
			head: { appendChild: (l: (typeof appended)[number]) => appended.push(l) },
			createElement: () => ({}) as (typeof appended)[number]
		};
		new Function('document', 'location', script)(document, { pathname: '/players/p1' });
		expect(appended).toEqual([
			{ rel: 'modulepreload', href: '/_app/immutable/nodes/12.js' },
			{ rel: 'preload', as: 'style', crossOrigin: '', href: '/_app/immutable/assets/12.css' },
			{ rel: 'modulepreload', href: '/_app/immutable/nodes/1.js' }
		]);
	});
});

describe('the prerendered pages', () => {
	it('get a modulepreload for each module they do not link yet, written as SvelteKit writes them', () => {
		const page = `<head>
		<link href="./_app/immutable/entry/start.js" rel="modulepreload">
		<link href="./_app/immutable/nodes/3.js" rel="modulepreload">
		<style>b{}</style>
	</head>`;
		const out = addModulePreloads(page, [
			'_app/immutable/nodes/3.js',
			'_app/immutable/chunks/deep.js',
			'_app/immutable/assets/3.css',
			'_app/immutable/nodes/1.js'
		]);
		expect(out.match(/rel="modulepreload"/g)).toHaveLength(4);
		expect(out).toContain('<link href="./_app/immutable/chunks/deep.js" rel="modulepreload">');
		expect(out).toContain('<link href="./_app/immutable/nodes/1.js" rel="modulepreload">');
		expect(out).not.toContain('3.css');
		expect(out.indexOf('nodes/1.js')).toBeLessThan(out.indexOf('<style>'));
		expect(addModulePreloads(out, ['_app/immutable/chunks/deep.js'])).toBe(out);
	});
});

describe('the client chunk graph', () => {
	it('lists every module a node imports, however deep, also one reached by a dynamic import too', () => {
		const kitOut = mkdtempSync(join(tmpdir(), 'kit-'));
		const key = (n: number) =>
			relative(process.cwd(), join(kitOut, `generated/client-optimized/nodes/${n}.js`));
		mkdirSync(join(kitOut, 'output/client/.vite'), { recursive: true });
		const manifest = {
			[key(4)]: { file: '_app/immutable/nodes/4.js', imports: ['_a.js', '_entry.js'] },
			// _a.js loads the db functions later; they import the round check that the entry
			// form imports statically: SvelteKit's own list loses it.
			'_a.js': { file: '_app/immutable/chunks/a.js', dynamicImports: ['_rounds.js'] },
			'_rounds.js': { file: '_app/immutable/chunks/rounds.js', imports: ['_check.js'] },
			'_entry.js': { file: '_app/immutable/chunks/entry.js', imports: ['_check.js'] },
			'_check.js': { file: '_app/immutable/chunks/check.js' }
		};
		writeFileSync(join(kitOut, 'output/client/.vite/manifest.json'), JSON.stringify(manifest));
		expect(clientImports(kitOut)(4)).toEqual([
			'_app/immutable/nodes/4.js',
			'_app/immutable/chunks/a.js',
			'_app/immutable/chunks/entry.js',
			'_app/immutable/chunks/check.js'
		]);
		rmSync(kitOut, { recursive: true, force: true });
	});
});
