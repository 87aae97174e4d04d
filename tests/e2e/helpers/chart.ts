import type { Locator } from '@playwright/test';

/** How many pixels Chart.js has drawn into the chart's canvas (0 while it is blank). */
export const litPixels = (chart: Locator) =>
	chart.locator('canvas').evaluate((c: HTMLCanvasElement) => {
		const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
		let n = 0;
		for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
		return n;
	});
