// The build splits each message into its English text and one table per other language
// (scripts/locale-split.js). Every message, in every language and for every kind of input, must
// say exactly what Paraglide's own module says.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile } from '@inlang/paraglide-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseLocale } from '$lib/paraglide/runtime.js';
import { paraglideOptions } from '../../paraglide.options.js';
import {
	BASE_LOCALE,
	OTHER_LOCALES,
	englishModule,
	localeTable,
	messagesUsedBy,
	parseMessage
} from '../../scripts/locale-split.js';

type Message = (inputs?: unknown, options?: { locale?: string }) => string;
const locales = ['en', 'de', 'fr', 'it'];
// The build's shape of Paraglide's output (one module per message), compiled apart: Vitest's own
// copy in src/lib/paraglide may be one module per language.
const OUT = mkdtempSync(join(tmpdir(), 'caboose-messages-'));
const DIR = join(OUT, 'messages');
let files: string[] = [];
let messages: Record<string, Message> = {};
let registry: unknown;

beforeAll(async () => {
	await compile({ ...paraglideOptions, outdir: OUT, outputStructure: 'message-modules' });
	files = readdirSync(DIR).filter((f) => f.endsWith('.js') && !f.startsWith('_'));
	messages = await import(/* @vite-ignore */ join(DIR, '_index.js'));
	registry = await import(/* @vite-ignore */ join(OUT, 'registry.js'));
}, 120_000);
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** Inputs where every parameter is `value`: numbers pick each plural branch, text fills the rest. */
const inputs = (value: unknown) => new Proxy({}, { get: () => value });

/** A function text from the split, made callable as the build does (with Paraglide's registry). */
const callable = (text: string) => new Function('registry', `return ${text}`)(registry) as Message;

describe('locale split', () => {
	it('covers the four languages, English first', () => {
		expect([BASE_LOCALE, ...OTHER_LOCALES].sort()).toEqual([...locales].sort());
		expect(BASE_LOCALE).toBe(baseLocale);
	});

	it('reads every compiled message, and each language says what Paraglide says', () => {
		expect(files.length).toBeGreaterThan(400);
		for (const file of files) {
			const message = parseMessage(readFileSync(`${DIR}/${file}`, 'utf8'));
			expect(message, file).not.toBeNull();
			const { name, texts } = message!;
			for (const locale of locales) {
				const split = callable(texts[locale] ?? '');
				for (const value of [0, 1, 2, 5, 21, 'Zoë']) {
					expect(split(inputs(value)), `${name} in ${locale} with ${value}`).toBe(
						messages[name]!(inputs(value), { locale })
					);
				}
			}
		}
	});

	it('leaves only English in a message module', () => {
		const file = files.find((f) => f === 'new_evening.js')!;
		const code = englishModule(parseMessage(readFileSync(`${DIR}/${file}`, 'utf8'))!);
		expect(code).toContain('New evening');
		expect(code).not.toContain('Neuer Abend');
		expect(code).toContain('translated("new_evening"');
	});

	it("splits each language into the home screen's part and the rest, with nothing lost", () => {
		const home = messagesUsedBy(['src/routes/+layout.svelte', 'src/routes/+page.svelte']);
		// The home screen's own words are found through its imports...
		for (const name of ['new_evening', 'app_tagline', 'evenings', 'settings', 'pwa_reload'])
			expect(home.has(name), name).toBe(true);
		// ...and the setup screen's are not.
		expect(home.has('setup_start')).toBe(false);
		const first = localeTable('de', (name) => home.has(name), DIR);
		const rest = localeTable('de', (name) => !home.has(name), DIR);
		expect(first).toContain('"new_evening": ');
		expect(first).toContain('Neuer Abend');
		expect(rest).not.toContain('"new_evening": ');
		const count = (table: string) => table.match(/^"\w+": /gm)?.length ?? 0;
		expect(count(first)).toBe(home.size);
		expect(count(first) + count(rest)).toBe(files.length);
	});
});
