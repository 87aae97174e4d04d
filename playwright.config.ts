import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './scripts/chromium.js';

// Not 4173: that is `npm start`'s, which readme-club.spec.ts runs as the README says.
const port = Number(process.env.E2E_PORT ?? 4174);
const buildDir = process.env.BUILD_DIR ?? 'build';

// End-to-end tests drive Debian's Chromium against the real build/, served statically.
export default defineConfig({
	testDir: 'tests/e2e',
	// The club's tests build their server once per run, into a folder this makes (and removes).
	globalSetup: './tests/e2e/helpers/global-setup.ts',
	// Its own folder: Playwright empties it at the start, and the other runners' reports sit
	// beside it in test-results/ (npm test runs some of them at the same time).
	outputDir: 'test-results/e2e',
	// Tests, not files, are shared out between the two workers: a long file no longer runs alone
	// at the end on one of them. (club.spec runs in order: it says so itself.)
	fullyParallel: true,
	// One per core. Three were tried on this two-core machine, the whole e2e run in pairs taken in
	// turn: three 491 s and 949 CPU-s against two's 518 s and 962, then 531 s and 1,041 against
	// 526 s and 981. A third fills the cores' few idle seconds, and gains nothing that holds.
	workers: 2,
	retries: 0,
	timeout: 60_000,
	// How long a test waits for a state (a row shown, a value stored) before it fails. No test
	// measures time (npm run bench does): on a machine shared by several people a screen may take
	// more than the default 5 s to show what it will show.
	expect: { timeout: 15_000 },
	reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
	use: {
		baseURL: `http://127.0.0.1:${port}`,
		...devices['Pixel 7'],
		viewport: { width: 390, height: 844 },
		// Most tests load the app in a fresh context; with the service worker each such load also
		// fetched and stored the whole app again (the precache: about 135 files). The files whose
		// journeys need the worker (offline, updates, a phone without signal) allow it themselves.
		serviceWorkers: 'block',
		launchOptions: {
			executablePath: TEST_CHROMIUM_PATH,
			args: TEST_CHROMIUM_ARGS
		}
	},
	projects: [{ name: 'chromium-phone' }],
	webServer: {
		command: `node scripts/serve.js ${buildDir} ${port}`,
		url: `http://127.0.0.1:${port}/`,
		reuseExistingServer: !process.env.CI
	}
});
