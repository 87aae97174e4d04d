// Printing the score sheet: the sheet exists in the page only while it is printed (from the
// Print score sheet button, or the browser's own Print), so the screen and what assistive
// technology reads stay as they are.
import { flushSync } from 'svelte';

export class PrintSheetState {
	active = $state(false);

	/** Puts the sheet in the page, then opens the browser's print dialog. */
	print(): void {
		this.active = true;
		flushSync();
		window.print();
	}

	/** Follows the browser's own Print (Ctrl+P, the menu); returns the stop for `$effect`. */
	watch(): () => void {
		const before = () => {
			this.active = true;
			// The page is laid out for paper right after this event: the sheet must be there now.
			flushSync();
		};
		const after = () => {
			this.active = false;
		};
		// Where a browser's Print fires no beforeprint (Safari on a phone, a page emulated as
		// print), the print media query still changes: the sheet follows it too.
		const paper = window.matchMedia('print');
		const media = () => (paper.matches ? before() : after());
		window.addEventListener('beforeprint', before);
		window.addEventListener('afterprint', after);
		paper.addEventListener('change', media);
		// Loaded after the first paint: a Print already under way finds the sheet too.
		this.active = paper.matches;
		return () => {
			window.removeEventListener('beforeprint', before);
			window.removeEventListener('afterprint', after);
			paper.removeEventListener('change', media);
			this.active = false;
		};
	}
}

export const printSheet = new PrintSheetState();
