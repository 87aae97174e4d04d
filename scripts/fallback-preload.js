// The SPA fallback (200.html) preloads its route's modules from its first bytes.
//
// adapter-static writes one fallback page for every path without its own file (/evening/<id>,
// /evening/<id>/table, /players/<id>…). SvelteKit gives it only the entry's modulepreloads (start,
// app, the root layout): the route's layout and page nodes, and their imports, would be found
// only once the entry has run and matched the URL, a second wave of requests one round trip later.
// Prerendered pages already list their nodes; they are left as they are.
//
// So, after the real adapter has written the site, this adds to 200.html a small inline script,
// placed right after SvelteKit's own modulepreloads and before its boot script: it matches
// location.pathname against each route the fallback serves, in SvelteKit's own order, and appends
// the matched route's links:
// - JS: <link rel="modulepreload">, the same as SvelteKit writes for a prerendered page. Vite's
//   preload helper then finds them (same href) and adds nothing;
// - CSS: <link rel="preload" as="style" crossorigin>. A prerendered page inlines its nodes' CSS
//   (kit.inlineStyleThreshold), but the fallback serves every route, and inlining all of their
//   CSS would make every deep link carry the others' bytes. A preload fetches it alongside the
//   JS; Vite's helper still adds the stylesheet itself when the node loads, and waits for it (no
//   flash of unstyled content). `crossorigin` because Vite's stylesheet link has it: otherwise
//   the preloaded response would not be reused.
// Files the fallback already links (the entry, the root layout and its inlined CSS) are left out.
//
// CSP: kit.csp mode 'hash' allows inline scripts by hash, so the script's sha256 is added to the
// script-src of the page's <meta http-equiv="content-security-policy">.
//
// The route table comes from the build itself: route id -> node indices from
// <outDir>/generated/client-optimized/app.js (shared with scripts/bench.js), each node's JS and
// CSS from <outDir>/output/server/nodes/<n>.js (its `imports` and `stylesheets`).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * SvelteKit's client route dictionary, in its matching order: route id -> node indices (root
 * layout 0, then the other layouts, then the page).
 * @param {string} kitOut kit.outDir (`.svelte-kit` unless KIT_OUT)
 * @returns {Map<string, number[]>}
 */
export function readDictionary(kitOut) {
	const source = readFileSync(join(kitOut, 'generated/client-optimized/app.js'), 'utf8');
	/** @type {Map<string, number[]>} */
	const dictionary = new Map();
	// "/evening/[id]/table": [8,[2]] — the page (~ when it has a server load), then its layouts
	// without the root one.
	for (const m of source.matchAll(/"([^"]+)":\s*\[~?(\d+)(?:,\s*\[([^\]]*)\])?/g)) {
		const layouts = (m[3] ?? '')
			.split(',')
			.map((s) => s.trim().replace('~', ''))
			.filter(Boolean)
			.map(Number);
		dictionary.set(String(m[1]), [0, ...layouts.filter((n) => n !== 0), Number(m[2])]);
	}
	return dictionary;
}

/**
 * A regular expression source that matches the pathnames of route `id`, as SvelteKit's client
 * does: groups `(name)` take no segment, `[x]` and `[x=matcher]` one segment (the matcher is not
 * run), `[[x]]` an optional one, `[...rest]` any number; a trailing slash is allowed.
 * @param {string} id route id, e.g. "/evening/[id]/table"
 * @param {string} [base] kit.paths.base, e.g. "" or "/caboose"
 */
export function routePattern(id, base = '') {
	const escape = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const segments = id
		.split('/')
		.filter((s) => s !== '' && !/^\(.+\)$/.test(s))
		.map((s) => {
			if (/^\[\[[^\]]+\]\]$/.test(s)) return '(?:/[^/]+)?';
			if (/^\[\.\.\.[^\]]+\]$/.test(s)) return '(?:/.*)?';
			return (
				'/' +
				s
					.split(/(\[[^\]]+\])/)
					.map((part) => (part.startsWith('[') ? '[^/]+' : escape(part)))
					.join('')
			);
		});
	return `^${escape(base)}${segments.join('')}/?$`;
}

/**
 * The first route of `dictionary` (in its order) whose pattern matches `pathname`, or null.
 * @param {Map<string, number[]>} dictionary
 * @param {string} pathname
 */
export function routeOf(dictionary, pathname) {
	for (const id of dictionary.keys()) if (new RegExp(routePattern(id)).test(pathname)) return id;
	return null;
}

/**
 * Vite's manifest of the client build: source module (path from the project root) -> its chunk.
 * @param {string} kitOut
 * @returns {Record<string, { file: string, imports?: string[], css?: string[], isEntry?: boolean }>}
 */
export function readClientManifest(kitOut) {
	return JSON.parse(readFileSync(join(kitOut, 'output/client/.vite/manifest.json'), 'utf8'));
}

/**
 * The client's chunk graph (Vite's manifest): for each node, every module its code imports
 * statically, however deep. (SvelteKit's own lists, in output/server/nodes/<n>.js, can miss a
 * module that is also reached through a dynamic import: it walks the graph once and marks such a
 * module seen without listing it. The browser then finds it only when its importer runs.)
 * @param {string} kitOut
 * @returns {(n: number) => string[]}
 */
export function clientImports(kitOut) {
	const manifest = readClientManifest(kitOut);
	const key = (/** @type {number} */ n) =>
		relative(process.cwd(), join(kitOut, `generated/client-optimized/nodes/${n}.js`));
	return (n) => {
		/** @type {string[]} */
		const files = [];
		const seen = new Set();
		/** @param {string} k */
		const visit = (k) => {
			const chunk = manifest[k];
			if (seen.has(k) || !chunk) return;
			seen.add(k);
			files.push(chunk.file);
			for (const next of chunk.imports ?? []) visit(next);
		};
		visit(key(n));
		return files;
	};
}

/**
 * One node's client files, paths relative to the site root ("_app/immutable/…"): its modules
 * from the client's chunk graph, its stylesheets from SvelteKit's list.
 * @param {string} kitOut
 * @param {number} n
 * @param {(n: number) => string[]} imports
 * @returns {{ imports: string[], stylesheets: string[] }}
 */
export function readNode(kitOut, n, imports = clientImports(kitOut)) {
	const source = readFileSync(join(kitOut, `output/server/nodes/${n}.js`), 'utf8');
	const list = (/** @type {string} */ name) => {
		const m = new RegExp(`export const ${name} = (\\[.*?\\]);`).exec(source);
		return m ? /** @type {string[]} */ (JSON.parse(String(m[1]))) : [];
	};
	return { imports: imports(n), stylesheets: list('stylesheets') };
}

/** SvelteKit's node of the root error page. */
export const ROOT_ERROR = 1;

/**
 * @typedef {{ prefix: string, files: string[], routes: [pattern: string, files: number[]][] }} PreloadTable
 * `files`: every href once, without the `prefix` they all share (fewer bytes in every deep
 * link); `routes`: in matching order, a pattern and the indices of its files.
 */

/**
 * The fallback's route table. Pure, for the unit tests.
 * @param {object} o
 * @param {Map<string, number[]>} o.dictionary route id -> node indices, in matching order
 * @param {(n: number) => { imports: string[], stylesheets: string[] }} o.node a node's files
 * @param {Set<string>} o.prerendered route ids that have their own page (never the fallback)
 * @param {Set<string>} o.linked hrefs the fallback already links (left out)
 * @param {string} [o.base] kit.paths.base
 * @returns {PreloadTable}
 */
export function buildPreloadTable({ dictionary, node, prerendered, linked, base = '' }) {
	/** @type {string[]} */
	const files = [];
	/** @type {Map<string, number>} */
	const index = new Map();
	/** @type {PreloadTable['routes']} */
	const routes = [];
	for (const [id, nodes] of dictionary) {
		if (prerendered.has(id)) continue;
		/** @type {number[]} */
		const mine = [];
		// And the root error page (node 1), which SvelteKit's client loads at every start.
		for (const n of [...nodes, ROOT_ERROR]) {
			const { imports, stylesheets } = node(n);
			// JS first: the modules are what the screen waits for.
			for (const file of [...imports, ...stylesheets]) {
				const href = `${base}/${file}`;
				if (linked.has(href)) continue;
				if (!index.has(href)) index.set(href, files.push(href) - 1);
				const i = /** @type {number} */ (index.get(href));
				if (!mine.includes(i)) mine.push(i);
			}
		}
		routes.push([routePattern(id, base), mine]);
	}
	// The longest directory all hrefs share ("/_app/immutable/").
	let prefix = files[0]?.slice(0, files[0].lastIndexOf('/') + 1) ?? '';
	while (prefix && !files.every((f) => f.startsWith(prefix))) {
		prefix = prefix.slice(0, prefix.lastIndexOf('/', prefix.length - 2) + 1);
	}
	return { prefix, files: files.map((f) => f.slice(prefix.length)), routes };
}

/**
 * The hrefs to preload for `pathname`: the files of the first route that matches. This very
 * function is inlined into 200.html (by its source text), so it must stay self-contained.
 * @param {PreloadTable} table
 * @param {string} pathname location.pathname
 * @returns {string[]}
 */
export function pickPreloads(table, pathname) {
	let path = pathname;
	try {
		path = decodeURI(pathname);
	} catch {
		// A malformed escape: match the raw path.
	}
	for (const [pattern, indices] of table.routes) {
		if (new RegExp(pattern).test(path)) return indices.map((i) => table.prefix + table.files[i]);
	}
	return [];
}

/**
 * The inline script's text: picks the hrefs for this location and appends their links.
 * @param {PreloadTable} table
 */
export function inlineScript(table) {
	return (
		`{const h=document.head;for(const f of (${pickPreloads})(${JSON.stringify(table)},location.pathname)){` +
		`const l=document.createElement('link');` +
		`if(f.endsWith('.css')){l.rel='preload';l.as='style';l.crossOrigin=''}else l.rel='modulepreload';` +
		`l.href=f;h.appendChild(l)}}`
	);
}

/**
 * Adds the inline script to a fallback page's HTML and its hash to the page's CSP. Pure.
 * @param {string} html
 * @param {PreloadTable} table
 * @returns {string}
 */
export function addPreloads(html, table) {
	const script = inlineScript(table);
	const hash = createHash('sha256').update(script).digest('base64');
	const csp = /(<meta http-equiv="content-security-policy" content="[^"]*script-src [^;"]*)/i;
	let out = html;
	// Appended to script-src, after SvelteKit's own sources.
	if (csp.test(out)) out = out.replace(csp, `$1 'sha256-${hash}'`);
	else if (/http-equiv="content-security-policy"/i.test(out)) {
		throw new Error('fallback-preload: the CSP meta has no script-src to allow the script');
	}
	// After SvelteKit's last modulepreload (so the entry is asked for first), else before </head>.
	const tag = `<script>${script}</script>`;
	const links = [...out.matchAll(/<link [^>]*rel="modulepreload"[^>]*>/g)];
	const last = links.at(-1);
	if (last?.index !== undefined) {
		const at = last.index + last[0].length;
		return `${out.slice(0, at)}\n\t\t${tag}${out.slice(at)}`;
	}
	return out.replace('</head>', `\t${tag}\n\t</head>`);
}

/**
 * Adds to a prerendered page a modulepreload for each of `files` (site-root paths) it does not
 * link yet, after its last one and written the same way (SvelteKit writes "./_app/…"). Pure.
 * @param {string} html
 * @param {string[]} files
 * @returns {string}
 */
export function addModulePreloads(html, files) {
	const links = [...html.matchAll(/<link href="([^"]*?)_app\/[^"]*" rel="modulepreload">/g)];
	const last = links.at(-1);
	if (!last || last.index === undefined) return html;
	const lead = String(last[1]);
	const have = new Set(links.map((l) => l[0]));
	const add = files
		.filter((f) => f.endsWith('.js'))
		.map((f) => `<link href="${lead}${f}" rel="modulepreload">`)
		.filter((tag) => !have.has(tag));
	if (add.length === 0) return html;
	const at = last.index + last[0].length;
	return `${html.slice(0, at)}${add.map((tag) => `\n\t\t${tag}`).join('')}${html.slice(at)}`;
}

/** The hrefs of every <link> already in the page. @param {string} html */
export function linkedHrefs(html) {
	return new Set([...html.matchAll(/<link [^>]*href="([^"]+)"/g)].map((m) => String(m[1])));
}

/**
 * Wraps an adapter: after it has written the site, the fallback page gets its preloads.
 * @param {import('@sveltejs/kit').Adapter} adapter the real adapter (adapter-static)
 * @param {{ pages: string, fallback: string }} options its output dir and fallback file name
 * @returns {import('@sveltejs/kit').Adapter}
 */
export function withFallbackPreload(adapter, { pages, fallback }) {
	return {
		...adapter,
		async adapt(builder) {
			await adapter.adapt(builder);
			const kit = builder.config.kit;
			const imports = clientImports(kit.outDir);
			const dictionary = readDictionary(kit.outDir);
			// Prerendered pages: the modules SvelteKit's own list missed, and the root error page.
			for (const [path, { file: page }] of builder.prerendered.pages) {
				const id = routeOf(dictionary, path.slice(kit.paths.base.length) || '/');
				if (!id) continue;
				const files = [...(dictionary.get(id) ?? []), ROOT_ERROR].flatMap(imports);
				const at = join(pages, page);
				writeFileSync(at, addModulePreloads(readFileSync(at, 'utf8'), files));
			}
			const file = join(pages, fallback);
			const html = readFileSync(file, 'utf8');
			const table = buildPreloadTable({
				dictionary,
				node: (n) => readNode(kit.outDir, n, imports),
				prerendered: new Set(
					builder.prerendered.paths.map((p) => p.slice(kit.paths.base.length) || '/')
				),
				linked: linkedHrefs(html),
				base: kit.paths.base
			});
			writeFileSync(file, addPreloads(html, table));
			builder.log.minor(
				`Fallback ${fallback} preloads the modules of ${table.routes.length} routes`
			);
		}
	};
}
