// Other languages' messages off every screen's first paint (issue 12).
//
// Paraglide compiles each message into one module holding all four languages, so a screen that
// uses 200 messages ships 200 × 4 texts. In a production build this plugin keeps only the English
// text in each message module and moves German, French and Italian into one module per language,
// which `loadLocaleMessages` (the root layout's load) imports before the first render, and only
// for a person who reads that language. Each language comes in two parts: the home screen's
// messages, and the rest, which the home screen does not wait for. Dev and Vitest keep
// Paraglide's modules untouched.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const BASE_LOCALE = 'en';
export const OTHER_LOCALES = ['de', 'fr', 'it'];
const MESSAGES = resolve('src/lib/paraglide/messages');
const LOADER = 'virtual:caboose-locales';
const TABLE = 'virtual:caboose-locale-table/';
/** Where the home screen's code starts: its messages are the first part of each language. */
const HOME = ['src/routes/+layout.svelte', 'src/routes/+page.svelte'];

/**
 * The messages a screen's code can show: `m.name` in the files it imports statically, followed
 * through `$lib/` and relative imports (a dynamic `import()` is not followed: it loads later).
 * @param {string[]} entries
 * @returns {Set<string>}
 */
export function messagesUsedBy(entries) {
	const names = new Set();
	const seen = new Set();
	const lib = resolve('src/lib');
	/** @param {string} from @param {string} spec */
	const resolveImport = (from, spec) => {
		const base = spec.startsWith('$lib/')
			? join(lib, spec.slice(5))
			: spec.startsWith('.')
				? resolve(dirname(from), spec)
				: null;
		if (!base || base.includes('/paraglide/')) return null;
		const stem = base.replace(/\.js$/, '');
		for (const candidate of [base, `${stem}.ts`, `${stem}.js`, join(base, 'index.ts')])
			if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
		return null;
	};
	/** @param {string} file */
	const visit = (file) => {
		if (seen.has(file) || !existsSync(file)) return;
		seen.add(file);
		const code = readFileSync(file, 'utf8');
		for (const use of code.matchAll(/\bm\.(\w+)/g)) names.add(use[1]);
		for (const imp of code.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/gm)) {
			const target = resolveImport(file, imp[1] ?? '');
			if (target) visit(target);
		}
		for (const imp of code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) {
			const target = resolveImport(file, imp[1] ?? '');
			if (target) visit(target);
		}
	};
	entries.forEach((entry) => visit(resolve(entry)));
	return names;
}

/**
 * One compiled message module, taken apart: its export name and each language's function text.
 * @param {string} source
 * @returns {{ name: string; texts: Record<string, string>; registry: boolean } | null}
 */
export function parseMessage(source) {
	const name = source.match(/^export const (\w+) =/m)?.[1];
	if (!name) return null;
	/** @type {Record<string, string>} */
	const texts = {};
	for (const locale of [BASE_LOCALE, ...OTHER_LOCALES]) {
		// Paraglide writes `const de_key = /** @type … */ (i) => {…\n};` per language.
		const found = source.match(new RegExp(`^const ${locale}_${name} = ([\\s\\S]*?\\n});$`, 'm'));
		if (!found) return null;
		texts[locale] = found[1] ?? '';
	}
	return { name, texts, registry: source.includes("import * as registry from '../registry.js'") };
}

/**
 * The build's message module: the English text, and a look-up in the loaded language's table.
 * @param {{ name: string; texts: Record<string, string>; registry: boolean }} message
 */
export function englishModule(message) {
	return [
		message.registry ? "import * as registry from '../registry.js';" : '',
		`import { translated } from '${LOADER}';`,
		`export const ${message.name} = translated(${JSON.stringify(message.name)}, ${message.texts[BASE_LOCALE]});`
	].join('\n');
}

/**
 * One language's table: its messages' functions in that language, by name; `keep` picks which.
 * @param {string} locale
 * @param {(name: string) => boolean} [keep]
 * @param {string} [dir]
 */
export function localeTable(locale, keep = () => true, dir = MESSAGES) {
	const entries = [];
	let registry = false;
	for (const file of readdirSync(dir).sort()) {
		if (!file.endsWith('.js') || file.startsWith('_')) continue;
		const message = parseMessage(readFileSync(join(dir, file), 'utf8'));
		if (!message) throw new Error(`locale-split: cannot read the compiled message ${file}`);
		if (!keep(message.name)) continue;
		registry ||= message.registry;
		entries.push(`${JSON.stringify(message.name)}: ${message.texts[locale]}`);
	}
	return [
		registry ? `import * as registry from '${join(dir, '..', 'registry.js')}';` : '',
		`export default {\n${entries.join(',\n')}\n};`
	].join('\n');
}

/**
 * The loader: `translated` wraps a message; `loadLocaleMessages` imports a language's table.
 * In dev and Vitest the messages are Paraglide's own, so loading is a no-op.
 * @param {boolean} split
 */
function loaderModule(split) {
	if (!split) return 'export async function loadLocaleMessages() {}';
	const imports = OTHER_LOCALES.map(
		(l) => `${l}: [() => import('${TABLE}${l}/home'), () => import('${TABLE}${l}/rest')]`
	).join(',\n');
	return `import { getLocale } from '${join(MESSAGES, '..', 'runtime.js')}';
const table = {};
const loading = {};
const imports = {\n${imports}\n};
export function translated(name, english) {
	return (inputs, options = {}) => {
		const own = table[options.locale ?? getLocale()]?.[name];
		return own ? own(inputs) : english(inputs);
	};
}
function part(locale, index) {
	// A part that cannot load (a first visit that lost its signal) leaves those messages in
	// English rather than the screen on an error page.
	return (loading[locale + index] ??= imports[locale][index]().then(
		(loaded) => void Object.assign((table[locale] ??= {}), loaded.default),
		() => { delete loading[locale + index]; }
	));
}
export async function loadLocaleMessages(locale, home) {
	if (!imports[locale]) return;
	const first = part(locale, 0);
	const rest = part(locale, 1);
	await (home ? first : Promise.all([first, rest]));
}`;
}

/** @returns {import('vite').Plugin} */
export function localeSplit() {
	let build = false;
	/** @type {Set<string> | null} */
	let home = null;
	/**
	 * Only the browser's side of `vite build`; Vitest, the dev server and the server build keep
	 * Paraglide's modules with all languages.
	 * @param {{ environment?: { config: { consumer: string } } }} context
	 */
	const splits = (context) => build && context.environment?.config.consumer === 'client';
	return {
		name: 'caboose-locale-split',
		enforce: 'post',
		configResolved(config) {
			build = config.command === 'build' && !process.env.VITEST;
		},
		resolveId(id) {
			if (id === LOADER || id.startsWith(TABLE)) return '\0' + id;
		},
		load(id) {
			if (id === '\0' + LOADER) return loaderModule(splits(this));
			if (id.startsWith('\0' + TABLE)) {
				const [locale = '', which] = id.slice(TABLE.length + 1).split('/');
				home ??= messagesUsedBy(HOME);
				const first = /** @type {Set<string>} */ (home);
				return localeTable(locale, (name) => first.has(name) === (which === 'home'));
			}
		},
		transform(code, id) {
			if (!splits(this) || !id.startsWith(MESSAGES + '/') || id.includes('/_')) return;
			const message = parseMessage(code);
			if (!message) throw new Error(`locale-split: cannot read the compiled message ${id}`);
			return { code: englishModule(message), map: null };
		}
	};
}
