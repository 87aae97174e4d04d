// Debian's Chromium, as every browser test and the bench start it. Playwright never downloads a
// browser here. The network flags keep Chromium from calling out (the machine has no network).
import { existsSync } from 'node:fs';

/** The browser the bench (and Lighthouse) measure: Debian's `chromium`. */
/** @type {string} */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the tests drive: Debian's `chromium-headless-shell` where it is installed (.ci/run
 * installs it), the same Chromium build without a browser window's UI, which is what Playwright
 * itself runs for headless tests. The same 40 tests (table, setup, round) took 162 CPU-s with
 * `chromium` and 128 with the shell: the browser process 16 → 7 CPU-s on table.spec's nine, the
 * pages' own renderers the same. Without it the tests run on `chromium`, as before.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** @type {string} */
export const TEST_CHROMIUM_PATH =
	process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** @type {string[]} */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync'
];

/**
 * Features Playwright 1.65 turns off in every Chromium it starts (its chromiumSwitches.ts): network
 * calls to Google, HTTPS upgrades, paint holding, storage partitioning, a CORS redirect abort under
 * routing. Chromium keeps only the last --disable-features it is given, so TEST_CHROMIUM_ARGS
 * repeats them; tests/unit/chromium-args.test.ts fails when Playwright is upgraded, to compare.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
	'AvoidUnnecessaryBeforeUnloadCheckSync',
	'DestroyProfileOnBrowserClose',
	'HttpsUpgrades',
	'HttpsFirstBalancedModeAutoEnable',
	'LensOverlay',
	'MediaRouter',
	'PaintHolding',
	'ThirdPartyStoragePartitioning',
	'AvoidCorsURLLoaderRestartOnRedirect',
	'TcpPortRandomizationWin',
	'OptimizationHints',
	'NetworkTimeServiceQuerying',
	'AimEnabled',
	'PreconnectToSearch',
	'msForceBrowserSignIn',
	'msEdgeUpdateLaunchServicesPreferredVersion'
];
/** The Playwright version whose list that is. */
export const PLAYWRIGHT_FEATURES_OF = '1.65.1';

/**
 * What the browser tests turn off besides. Chromium 156 draws the address bar's popup as two web
 * pages of its own (chrome://omnibox-popup.top-chrome) in every window, headless too: a renderer
 * for each browser context that no test sees. Loading the app in eight fresh contexts took 25
 * CPU-s with it and 14 without (that renderer 9.7 of them, the browser process 2 more). Chromium
 * also starts a spare renderer beside each page, for the next site: 0.8 CPU-s more in those eight.
 */
const TEST_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

/** The browser tests' flags. The bench keeps CHROMIUM_ARGS: its figures compare with runs before. */
export const TEST_CHROMIUM_ARGS = [
	...CHROMIUM_ARGS,
	`--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...TEST_OFF].join(',')}`
];
