// The layers of ARCHITECTURE.md, held by `npm run lint` (depcruise): each layer imports only the
// ones below it, statically or with import(), and no module imports itself round a circle.
// tests/unit/lint-probe.test.ts plants each forbidden arrow in a scratch copy and expects this to
// fail on it.
/** What the club server imports of the app (docs/club.md): pure at run time. */
const SERVER_SHARED =
	'^src/lib/(club/|atoms\\.ts$|csv\\.ts$|db/backup-limits\\.ts$|db/backup/(schema|parse|types)\\.ts$)';
/** What the club server may import of the app directly (the rest comes with these). */
const SERVER_IMPORTS =
	'^src/lib/(rules/|club/(protocol|night-protocol)\\.ts$|club/night/|atoms\\.ts$|csv\\.ts$|db/backup/parse\\.ts$)';
/** What no pure module may import at run time: storage, state, screens, words, the platform. */
const IMPURE =
	'^(src/lib/(db|state|components|pwa|paraglide)/|src/lib/format\\.ts$|src/routes/|\\$service-worker$|\\$env/)|(^|/)node_modules/(dexie|svelte|@sveltejs)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			severity: 'error',
			comment: 'An import circle: one module of it cannot be read without the others.',
			from: {},
			to: { circular: true }
		},
		{
			name: 'resolved',
			severity: 'error',
			comment:
				'An import this lint cannot follow holds no rule: teach scripts/kit-aliases.js the alias.',
			from: {},
			to: { couldNotResolve: true }
		},
		{
			name: 'screens-not-db',
			severity: 'error',
			comment: 'Screens and components reach the database only through src/lib/state.',
			from: { path: '^src/(routes|lib/components)/' },
			to: { path: '^src/lib/db/' }
		},
		{
			name: 'pure-core',
			severity: 'error',
			comment: 'rules/, vision/ and link/ are pure: no Svelte, Dexie, DOM or upper layer.',
			from: { path: '^src/lib/(rules|vision|link)/' },
			to: { path: IMPURE }
		},
		{
			name: 'club-protocol-pure',
			severity: 'error',
			comment:
				'The club protocol and the backup checks the club server imports run in Node: at run time no Dexie, Svelte, state or screens (a type is erased).',
			from: { path: SERVER_SHARED },
			to: {
				path: IMPURE,
				pathNot: SERVER_SHARED,
				dependencyTypesNot: ['type-only']
			}
		},
		{
			name: 'server-imports-the-protocol',
			severity: 'error',
			comment:
				'The club server imports of the app only the rules core, the club protocol and the backup checks (docs/club.md).',
			from: { path: '^server/src/' },
			to: { path: '^src/', pathNot: SERVER_IMPORTS }
		},
		{
			name: 'club-night-pure',
			severity: 'error',
			comment:
				"club/night/ is the club night's pure domain, run by the app and by the club server under tsx: it imports rules/ and itself, nothing else.",
			from: { path: '^src/lib/club/night/' },
			to: { pathNot: '^src/lib/(rules|club/night)/' }
		},
		{
			name: 'db-below-state',
			severity: 'error',
			comment: 'db/ knows only the pure core: never the state classes, screens or the app shell.',
			from: { path: '^src/lib/db/' },
			to: { path: '^src/(lib/(state|components|pwa|paraglide)|routes)/' }
		},
		{
			name: 'pwa-is-the-platform',
			severity: 'error',
			comment: 'pwa/ is the service worker and browser plumbing: it reads no data and no state.',
			from: { path: '^src/lib/pwa/' },
			to: { path: '^src/(lib/(db|state|components)|routes)/' }
		},
		{
			name: 'state-not-screens',
			severity: 'error',
			comment: 'State classes never import screens or components.',
			from: { path: '^src/lib/state/' },
			to: { path: '^src/(lib/components|routes)/' }
		},
		{
			name: 'words-in-screens',
			severity: 'error',
			comment: "The app's words (Paraglide's messages) are used only by screens and format.ts.",
			from: { pathNot: '^src/(routes/|lib/components/|lib/format\\.ts$|lib/paraglide/)' },
			to: { path: '^src/lib/paraglide/messages' }
		}
	],
	options: {
		// Paraglide's generated modules are seen (an import of them is an arrow) but not read.
		doNotFollow: { path: '(^|/)(node_modules|src/lib/paraglide)/' },
		tsConfig: { fileName: `${__dirname}/tsconfig.json` },
		tsPreCompilationDeps: true,
		// $lib and $app, resolved as SvelteKit's Vite plugin does; its virtual modules as built-ins.
		webpackConfig: { fileName: `${__dirname}/scripts/kit-aliases.js` },
		builtInModules: { add: ['$service-worker', '$env/static/public', '$env/dynamic/public'] },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types', 'svelte'],
			extensions: ['.ts', '.js', '.svelte', '.svelte.ts', '.json']
		}
	}
};
