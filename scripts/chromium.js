// Debian's Chromium, as every browser test and the bench start it. Playwright never downloads a
// browser here. The network flags keep Chromium from calling out (the machine has no network).

/** @type {string} */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
