import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';
import { MOCKING } from './tests/mocking-files.js';

/** A call of vi.mock or vi.doMock, for the test files that share their worker's modules. */
const VI_MOCK = "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]";

const SCREENS_NOT_DB =
	'Screens and components reach the database only through src/lib/state (see ARCHITECTURE.md).';

export default ts.config(
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } }
	},
	{
		// Typed: svelte/no-unused-props and no-navigation-without-resolve read the types. `npm run
		// lint` sets SVELTE_ESLINT_PARSER_EXPERIMENTAL_TS_SYS_HOOK=1 (svelte-eslint-parser's opt-in):
		// the program then reads each component as the parser translated it, and is kept across
		// files instead of rebuilt for each one (the whole lint: 73 CPU-s without it, 63 with).
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		}
	},
	{
		rules: {
			// Player names are user input: never render HTML from strings.
			'svelte/no-at-html-tags': 'error',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
			]
		}
	},
	{
		// A function a reader can hold at once: past about 100 lines it becomes named steps. (Not
		// in tests, where a describe() block holds a whole story.)
		files: ['src/**', 'server/src/**', 'scripts/**'],
		rules: { 'max-lines-per-function': ['error', { max: 100 }] }
	},
	{
		// One way into the data: screens reach IndexedDB only through the state layer, neither by
		// an import nor by import() (depcruise holds both too; this shows it in an editor).
		files: ['src/routes/**', 'src/lib/components/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: [{ group: ['$lib/db', '$lib/db/*', '**/db/*'], message: SCREENS_NOT_DB }] }
			],
			'no-restricted-syntax': [
				'error',
				{
					selector: 'ImportExpression[source.value=/^(\\$lib|.*\\/)db(\\/|$)/]',
					message: SCREENS_NOT_DB
				}
			]
		}
	},
	{
		// The pure core runs in Node too (tests, the club server): no page, storage or network of a
		// browser. (depcruise keeps Svelte, Dexie and the upper layers out of it.)
		files: ['src/lib/rules/**', 'src/lib/vision/**', 'src/lib/link/**', 'src/lib/club/**'],
		rules: {
			'no-restricted-globals': [
				'error',
				...[
					'window',
					'document',
					'navigator',
					'location',
					'localStorage',
					'indexedDB',
					'fetch'
				].map((name) => ({
					name,
					message: 'The pure core uses no browser API (see ARCHITECTURE.md).'
				}))
			]
		}
	},
	{
		// The club protocol and the club server run without a browser: no Dexie, no screens.
		files: ['src/lib/club/**', 'server/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['dexie', '**/db/database', '**/db/client', '**/state/*', '**/components/*'],
							message:
								'The club protocol and server are pure: only rules/ and the backup schema and checks (see docs/club.md).'
						}
					]
				}
			]
		}
	},
	{
		// A module mocked in a test file that shares its worker's modules stays real if another
		// file imported it first: such a file is listed in tests/mocking-files.js (its own modules).
		files: ['tests/**'],
		ignores: MOCKING,
		rules: {
			'no-restricted-syntax': [
				'error',
				{
					selector: VI_MOCK,
					message:
						'vi.mock: list this file in tests/mocking-files.js, so it runs with its own modules.'
				}
			]
		}
	},
	{
		// The club server's test files all share one worker (server/vitest.config.ts): none mocks
		// a module.
		files: ['server/test/**'],
		rules: {
			'no-restricted-syntax': [
				'error',
				{
					selector: VI_MOCK,
					message: 'vi.mock: the club server suite shares one worker, so a mock would stay real.'
				}
			]
		}
	},
	{
		ignores: [
			'build/',
			'.svelte-kit/',
			// Other builds' kit.outDir (tests' own).
			'.svelte-kit-*/',
			'node_modules/',
			'src/lib/paraglide/',
			'test-results/',
			'playwright-report/',
			'.bench/'
		]
	}
);
