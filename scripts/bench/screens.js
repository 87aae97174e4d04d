// The screens `npm run bench` measures. To measure a new screen, add a row:
// - `path(ctx)`: the URL; `ctx.evening` is the id of an evening the bench created through the
//   UI (2 rounds saved, round 3 open), `ctx.share` the read-only link that its Show to the table
//   dialog offers (null in a build without it). A row whose path is null, or matches no route of
//   this build, is skipped: screens that are not there yet may be listed already;
// - `content`: a CSS selector of what the screen is for: its time-to-content is when this
//   element is first painted (the screen's data has been read).

/** @typedef {{ evening: string, share: string | null }} BenchContext */
/** @typedef {{ name: string, path: (ctx: BenchContext) => string | null, content: string, cold?: boolean }} Screen */

/** @type {Screen[]} */
export const SCREENS = [
	// The Continue button is there once the saved evenings have been read.
	{ name: 'home', path: () => '/', content: 'a.continue', cold: true },
	// The first seat's name field (a textarea since d30bee3; the screen's only text inputs are the
	// house rules', folded away, so they are never painted on a load).
	{ name: 'setup /new', path: () => '/new', content: 'main #player-0' },
	{
		name: 'round',
		path: (c) => `/evening/${c.evening}`,
		content: 'main input[inputmode="numeric"]'
	},
	{
		name: 'table',
		path: (c) => `/evening/${c.evening}/table`,
		content: 'main svg.station'
	},
	{
		name: 'standings',
		path: (c) => `/evening/${c.evening}/standings`,
		content: 'main table caption'
	},
	{ name: 'evenings', path: () => '/evenings', content: 'main li.card' },
	{ name: 'settings', path: () => '/settings', content: 'main select' },
	{ name: 'players', path: () => '/players', content: 'main li' },
	{ name: 'read-only view', path: (c) => c.share, content: 'main table caption', cold: true }
];
