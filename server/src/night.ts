// A club night runs from 06:00 to 06:00 in the server's time zone, so a game past midnight stays
// on the night it started. An evening belongs to the night of its start (the phone's createdAt).

const NIGHT_STARTS_AT_HOUR = 6;

/** The night of a moment, as YYYY-MM-DD. */
export function nightOf(ms: number): string {
	const d = new Date(ms - NIGHT_STARTS_AT_HOUR * 3_600_000);
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The season of a night: its calendar year. */
export function seasonOf(night: string): string {
	return night.slice(0, 4);
}
