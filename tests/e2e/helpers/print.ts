// What a printed table cuts, read off the page as it is laid out for paper: a word broken over
// two lines (a name printed "Om a", a total "11 4"), a cell whose content runs out of its box
// (a header running into the next column), a table wider than the page. Also read on a screen at
// 200 % zoom, where the boxes are a row of buttons and notes instead of cells.
import type { Locator } from '@playwright/test';

export function cutsIn(table: Locator, cells = 'th, td'): Promise<string[]> {
	return table.evaluate((t, cells) => {
		const cuts: string[] = [];
		const page = document.documentElement.clientWidth;
		if (t.getBoundingClientRect().right > page + 0.5) cuts.push(`table wider than ${page}px`);
		for (const cell of t.querySelectorAll(cells)) {
			const text = (cell.textContent ?? '').trim();
			if (cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1) {
				cuts.push(`runs out of its cell: ${text}`);
			}
			const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				// A line may break at a space and after a hyphen, nowhere else.
				for (const piece of (node.textContent ?? '').matchAll(/[^\s-]+-?/g)) {
					const range = document.createRange();
					range.setStart(node, piece.index);
					range.setEnd(node, piece.index + piece[0].length);
					const boxes = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
					if (boxes.length > 1) cuts.push(`broken: ${piece[0]}`);
				}
			}
		}
		return cuts;
	}, cells);
}
