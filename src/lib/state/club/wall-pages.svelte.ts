// The wall's pages: its sections (tonight's seats, tonight's standings, the season's) cut into
// pages of as many lines as fit the screen (measured, so any screen and any language), and the
// next page every few seconds by itself, since nobody touches a screen across a room.

/** How long each page stays, in ms: long enough to find one's name from across the room. */
export const PAGE_MS = 12_000;

/** Lines of `lineHeight` px that fit in `available` px: at least one. */
export function linesThatFit(available: number, lineHeight: number): number {
	if (!(lineHeight > 0) || !(available > 0)) return 1;
	return Math.max(1, Math.floor(available / lineHeight));
}

/** One page: which section, and which of its lines. */
export interface WallPage {
	section: number;
	from: number;
	to: number;
}

/** Every page of sections of `sizes` lines, `perPage` lines a page; an empty section has none. */
export function cutPages(sizes: readonly number[], perPage: number): WallPage[] {
	const pages: WallPage[] = [];
	sizes.forEach((size, section) => {
		for (let from = 0; from < size; from += perPage) {
			pages.push({ section, from, to: Math.min(size, from + perPage) });
		}
	});
	return pages;
}

export class WallPages {
	/** 0-based. */
	page = $state(0);
	perPage = $state(1);
	sizes = $state.raw<readonly number[]>([]);
	readonly all = $derived(cutPages(this.sizes, this.perPage));
	readonly count = $derived(Math.max(1, this.all.length));
	readonly current = $derived<WallPage | null>(this.all[this.page] ?? this.all[0] ?? null);

	/** Lines of `lineHeight` px in `available` px; the page shown stays a page that exists. */
	measure(available: number, lineHeight: number): void {
		const perPage = linesThatFit(available, lineHeight);
		if (perPage !== this.perPage) this.perPage = perPage;
		this.#keep();
	}

	/** How many lines each section has now (the standings grew, a game was dealt …). */
	show(sizes: readonly number[]): void {
		if (sizes.length !== this.sizes.length || sizes.some((s, i) => s !== this.sizes[i])) {
			this.sizes = sizes;
		}
		this.#keep();
	}

	next(): void {
		this.page = (this.page + 1) % this.count;
	}

	#keep(): void {
		if (this.page >= this.count) this.page = 0;
	}

	/** Turns the page every `ms` while there is more than one; returns the stop for `$effect`. */
	watch(ms = PAGE_MS): () => void {
		const timer = setInterval(() => {
			if (this.count > 1) this.next();
		}, ms);
		return () => clearInterval(timer);
	}
}
