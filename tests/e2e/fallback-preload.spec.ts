// A deep link is served the SPA fallback (200.html). Its inline script (scripts/fallback-preload.js)
// asks for the route's own modules, its layout and page nodes with their imports and CSS, before
// SvelteKit's boot script runs, instead of a second wave after the entry. The script is allowed
// by the page's CSP (no violation), each file is fetched once, and the screen works.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, newEvening, playRound } from './helpers/evening';
import { readDictionary, readNode } from '../../scripts/fallback-preload.js';

const KIT = process.env.KIT_OUT ?? '.svelte-kit';

// Requests are counted on the page itself: no service worker in between (the offline specs in
// pwa.spec.ts cover the fallback served from the worker's cache).
test.use({ serviceWorkers: 'block' });

/** The files of a route's layout and page nodes, as the build lists them (hrefs). */
function routeFiles(id: string): { js: string[]; css: string[] } {
	const nodes = readDictionary(KIT).get(id);
	if (!nodes) throw new Error(`no route ${id} in ${KIT}`);
	const js = new Set<string>();
	const css = new Set<string>();
	// Node 0, the root layout, is linked by SvelteKit itself, as on every page.
	for (const n of nodes.filter((n) => n !== 0)) {
		const { imports, stylesheets } = readNode(KIT, n);
		imports.forEach((f) => js.add(`/${f}`));
		stylesheets.forEach((f) => css.add(`/${f}`));
	}
	return { js: [...js], css: [...css] };
}

/** A route's page node: its own module (the first file of the last node). */
function pageNode(id: string): string {
	const page = readDictionary(KIT).get(id)?.at(-1);
	if (page === undefined) throw new Error(`no route ${id} in ${KIT}`);
	return `/${readNode(KIT, page).imports[0]}`;
}

/**
 * Before any page script: records each <link> added to the document, and whether SvelteKit's boot
 * script had run by then (it defines a global `__sveltekit_…` first thing); and every CSP
 * violation.
 */
async function watchDocument(page: Page) {
	await page.addInitScript(() => {
		const w = window as unknown as {
			__links: { href: string; rel: string; as: string; beforeBoot: boolean }[];
			__violations: string[];
		};
		w.__links = [];
		w.__violations = [];
		document.addEventListener('securitypolicyviolation', (e) =>
			w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`)
		);
		new MutationObserver((records) => {
			const beforeBoot = !Object.keys(window).some((k) => k.startsWith('__sveltekit_'));
			for (const r of records) {
				for (const node of r.addedNodes) {
					if (node instanceof HTMLLinkElement) {
						w.__links.push({
							href: new URL(node.href).pathname,
							rel: node.rel,
							as: node.as,
							beforeBoot
						});
					}
				}
			}
		}).observe(document, { childList: true, subtree: true });
	});
}

test('a deep link preloads its route from the fallback page, within the CSP', async ({
	page,
	request
}) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben', 'Cleo'], 'cardinal-us');
	await playRound(page, 'Anna', { Ben: 10, Cleo: 25 });

	// The file the server sends for a deep link carries the script and its hash.
	const html = await (await request.get(`/evening/${id}/table`)).text();
	expect(html).toContain('function pickPreloads');
	expect(html).toMatch(/script-src 'self'( 'sha256-[^']+'){2};/);

	const csp: string[] = [];
	page.on('console', (msg) => {
		if (/Content Security Policy/i.test(msg.text())) csp.push(msg.text());
	});
	const requested: string[] = [];
	page.on('request', (r) => requested.push(new URL(r.url()).pathname));
	await watchDocument(page);

	await page.goto(`/evening/${id}/table`);
	// The screen works: the live table of this evening.
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await expect(page.getByRole('button', { name: "Marker on Ben's train" })).toBeVisible();
	await page.getByRole('button', { name: "Marker on Ben's train" }).click();
	await expect(page.getByRole('button', { name: "Marker on Ben's train" })).toHaveAttribute(
		'aria-pressed',
		'true'
	);

	const { js, css } = routeFiles('/evening/[id]/table');
	expect(js).toContain(pageNode('/evening/[id]/table'));
	// Components' CSS travels in their JS (svelte.config.js), so the route's own list holds no
	// stylesheet today; one it held would be preloaded too (below).
	expect(css).toEqual([]);
	const links = await page.evaluate(
		() =>
			(
				window as unknown as {
					__links: { href: string; rel: string; as: string; beforeBoot: boolean }[];
				}
			).__links
	);
	const early = links.filter((l) => l.beforeBoot);
	// SvelteKit's own links (the entry and the root layout) are not in the route's list, except
	// for chunks they share: every file of the route is linked before the boot script runs…
	for (const href of js) {
		expect(
			early.some((l) => l.href === href && l.rel === 'modulepreload'),
			href
		).toBe(true);
	}
	for (const href of css) {
		expect(
			early.some((l) => l.href === href && l.rel === 'preload' && l.as === 'style'),
			href
		).toBe(true);
	}
	// …and nothing of another route: not the round screen's page node.
	expect(early.map((l) => l.href)).not.toContain(pageNode('/evening/[id]'));

	// Each was fetched, once: the stylesheet Vite adds when the node loads reuses the preload.
	for (const href of [...js, ...css]) {
		expect(
			requested.filter((r) => r === href),
			href
		).toHaveLength(1);
	}
	expect(
		await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)
	).toEqual([]);
	expect(csp).toEqual([]);
	expect(errors).toEqual([]);
});

test('every deep-linked evening screen preloads its own page, within the CSP', async ({ page }) => {
	const errors = collectErrors(page);
	const id = await newEvening(page, ['Anna', 'Ben'], 'cardinal-us');
	await playRound(page, 'Anna', { Ben: 12 });
	await watchDocument(page);
	const screens: [path: string, route: string, ready: () => Promise<void>][] = [
		[
			`/evening/${id}`,
			'/evening/[id]',
			() => expect(page.getByRole('heading', { level: 1 })).toContainText('Round 2')
		],
		[
			`/evening/${id}/standings`,
			'/evening/[id]/standings',
			() => expect(page.getByRole('table', { name: 'Standings' })).toBeVisible()
		],
		[
			`/evening/${id}/scoreboard`,
			'/evening/[id]/scoreboard',
			() => expect(page.getByRole('table', { name: 'Scoreboard' })).toBeVisible()
		],
		[
			`/evening/${id}/round/1`,
			'/evening/[id]/round/[k]',
			() => expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit round 1')
		]
	];
	for (const [path, route, ready] of screens) {
		await page.goto(path);
		await ready();
		const node = pageNode(route);
		const early = await page.evaluate(() =>
			(window as unknown as { __links: { href: string; beforeBoot: boolean }[] }).__links
				.filter((l) => l.beforeBoot)
				.map((l) => l.href)
		);
		expect(early, path).toContain(node);
		expect(
			await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
			path
		).toEqual([]);
	}
	expect(errors).toEqual([]);
});
