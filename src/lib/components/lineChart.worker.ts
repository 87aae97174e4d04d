// Chart.js in a Web Worker: it builds and draws the chart on a canvas of its own and sends each
// frame to the page as an image (lineChart.ts paints it). A phone's first chart took 250–400 ms
// of the main thread at 4× CPU; here it takes none, and a tap during it is answered at once.
import {
	CategoryScale,
	Chart,
	LinearScale,
	LineController,
	LineElement,
	PointElement,
	Tooltip,
	type ChartEvent,
	type ChartOptions
} from 'chart.js';
import type { ChartMessage, LineDrawing } from './lineChart';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip);

type WorkerChart = Chart<'line', (number | null)[], string>;

let chart: WorkerChart | null = null;

/** Chart.js's options for `drawing`, in its palette, at the phone's pixel ratio. */
function options(drawing: LineDrawing, ratio: number): ChartOptions<'line'> {
	const { text, grid } = drawing.ink;
	return {
		// The canvas is sized by the page's frame (resize below), at the phone's pixel ratio.
		responsive: false,
		devicePixelRatio: ratio,
		locale: drawing.locale,
		animation: false,
		color: text,
		scales: {
			x: {
				...(drawing.xTitle ? { title: { display: true, text: drawing.xTitle, color: text } } : {}),
				ticks: { color: text },
				grid: { color: grid }
			},
			// Scores are whole numbers, so are the steps; written in the reader's locale.
			y: { ticks: { color: text, precision: 0 }, grid: { color: grid } }
		},
		plugins: { legend: { display: false } }
	};
}

function create(drawing: LineDrawing, size: NonNullable<ChartMessage['size']>): WorkerChart {
	return new Chart<'line', (number | null)[], string>(
		// Chart.js takes an OffscreenCanvas (its docs' web-worker use); its types name only the DOM's.
		new OffscreenCanvas(size.width, size.height) as unknown as HTMLCanvasElement,
		{ type: 'line', data: drawing.data, options: options(drawing, size.ratio) }
	);
}

/**
 * A finger or pointer at (x, y) shows every line's value in the round under it (a finger is no
 * point's size, so no point need be hit); null hides them.
 */
function point(c: WorkerChart, at: { x: number; y: number } | null) {
	const event = { type: 'mousemove', native: null, x: at?.x ?? 0, y: at?.y ?? 0 } as ChartEvent;
	const active = at
		? c.getElementsAtEventForMode(event as unknown as Event, 'index', { intersect: false }, true)
		: [];
	c.tooltip?.setActiveElements(active, { x: event.x ?? 0, y: event.y ?? 0 });
	c.setActiveElements(active);
}

self.onmessage = ({ data: message }: MessageEvent<ChartMessage>) => {
	const { drawing, size, pointer } = message;
	if (!chart) {
		if (!drawing || !size) return;
		chart = create(drawing, size);
	} else {
		// New lines, or the same in another palette (the theme changed, or the page is printed).
		if (drawing) {
			chart.options = options(drawing, chart.currentDevicePixelRatio);
			chart.data = drawing.data;
		}
		if (size) {
			chart.options.devicePixelRatio = size.ratio;
			chart.resize(size.width, size.height);
		}
		if (pointer !== undefined) point(chart, pointer);
		chart.update('none');
	}
	const canvas = chart.canvas as unknown as OffscreenCanvas;
	const frame = canvas.transferToImageBitmap();
	self.postMessage(frame, { transfer: [frame] });
};
