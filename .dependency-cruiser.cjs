// The layers of ARCHITECTURE.md, held by `npm run lint` (depcruise): each layer imports only the
// ones below it, statically or with import(), and no module imports itself round a circle.
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
			to: {
				path: '^(src/lib/(db|state|components|pwa|paraglide)/|src/routes/|node_modules/(dexie|svelte|@sveltejs)/)'
			}
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
		}
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: '^src/lib/paraglide/' },
		tsConfig: { fileName: 'tsconfig.json' },
		tsPreCompilationDeps: true,
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types', 'svelte'],
			extensions: ['.ts', '.js', '.svelte', '.svelte.ts', '.json']
		}
	}
};
