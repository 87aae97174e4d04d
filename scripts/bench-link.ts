// Sizes of the "Show to the table" link for a 13-round, 8-player evening (double-12, Swiss
// JassShop): the JSON of the compact form, its bytes after deflate-raw, the link's characters,
// and the QR code it needs at error correction M (version, modules per side). Asserts nothing.
import { measureSnapshot, qrCode, snapshotLink } from '../src/lib/link/index';
import { tableSnapshot } from '../tests/unit/link-fixtures';

/** A plausible origin of a self-hosted copy: the link's length depends on it. */
const ORIGIN = 'https://caboose-scores.example.org';

const rows: string[][] = [
	['entries', 'JSON bytes', 'deflated', 'link chars', 'QR version (M)', 'modules']
];
for (const as of ['points', 'tiles', 'mixed'] as const) {
	for (const withTable of [false, true]) {
		const snapshot = tableSnapshot(as, withTable);
		const sizes = await measureSnapshot(snapshot);
		const link = await snapshotLink(ORIGIN, snapshot);
		const qr = await qrCode(link);
		rows.push([
			`${as}${withTable ? ', 12 rounds + live table' : ', 13 rounds'}`,
			String(sizes.json),
			String(sizes.deflated),
			String(link.length),
			qr ? String(qr.version) : 'does not fit',
			qr ? `${qr.size} + 2×${qr.quiet} quiet` : '-'
		]);
	}
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));
console.log(`(8 players, origin ${ORIGIN}; the aim is QR version ≤ 25 at M)`);
