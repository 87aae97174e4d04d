// A line chart in the app's palette, for the standings and a player's page: Chart.js is loaded
// only where a chart is drawn, and only the parts a line chart needs.
import type { Chart, ChartData } from 'chart.js';
import { getLocale } from '$lib/paraglide/runtime.js';
import { themeColor } from '$lib/state/settings.svelte';

export type LineChart = Chart<'line', (number | null)[], string>;
export type LineData = ChartData<'line', (number | null)[], string>;

/** The palette's text and grid colours, read now (they follow the theme). */
function ink() {
	return { text: themeColor('--text', '#fff'), grid: themeColor('--border', '#444') };
}

/**
 * Draws `data` on `canvas`; `tick` writes a value on the y axis, `xTitle` names the x axis. No
 * legend: the screens write their own.
 */
export async function drawLineChart(
	canvas: HTMLCanvasElement,
	data: LineData,
	tick: (value: number) => string,
	xTitle?: string
): Promise<LineChart> {
	// Destructured right at the import, so the bundler keeps only these parts of Chart.js (a
	// namespace object would keep every chart type).
	const { Chart, LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip } =
		await import('chart.js');
	Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip);
	const { text, grid } = ink();
	return new Chart<'line', (number | null)[], string>(canvas, {
		type: 'line',
		data,
		options: {
			locale: getLocale(),
			responsive: true,
			maintainAspectRatio: false,
			animation: false,
			color: text,
			scales: {
				x: {
					...(xTitle ? { title: { display: true, text: xTitle, color: text } } : {}),
					ticks: { color: text },
					grid: { color: grid }
				},
				// Scores are whole numbers, so are the steps. Written by the screen's formatter, which
				// builds no Intl formatter for them: Chart.js's own builds one while the chart is first
				// drawn, 25–40 ms of a phone's main thread.
				y: {
					ticks: { color: text, precision: 0, callback: (value) => tick(Number(value)) },
					grid: { color: grid }
				}
			},
			plugins: { legend: { display: false } }
		}
	});
}

/** Redraws `chart` with `data` in the palette of the theme now on screen. */
export function repaintLineChart(chart: LineChart, data: LineData): void {
	const { text, grid } = ink();
	const o = chart.options;
	o.color = text;
	for (const axis of [o.scales?.x, o.scales?.y]) {
		if (!axis) continue;
		if (axis.ticks) axis.ticks.color = text;
		if (axis.grid) axis.grid.color = grid;
		if ('title' in axis && axis.title) axis.title.color = text;
	}
	chart.data = data;
	chart.update();
}
