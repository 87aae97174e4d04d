// A line chart in the app's palette, for the standings and a player's page. Chart.js runs in a
// Web Worker (lineChart.worker.ts), loaded only where a chart is drawn; the page paints the
// frames it sends into its own canvas, so printing and the canvas's pixels work as before.
import type { ChartData } from 'chart.js';
import { getLocale } from '$lib/paraglide/runtime.js';
import { themeColor } from '$lib/state/settings.svelte';

export type LineData = ChartData<'line', (number | null)[], string>;

/** What the worker draws: the lines, the palette's text and grid colours, the x axis's name. */
export interface LineDrawing {
	data: LineData;
	ink: { text: string; grid: string };
	xTitle?: string;
	locale: string;
}

/** From the page to the worker: any of new lines, a new size, a pointer on the chart. */
export interface ChartMessage {
	drawing?: LineDrawing;
	size?: { width: number; height: number; ratio: number };
	pointer?: { x: number; y: number } | null;
}

/** `data` as the worker draws it, in the palette of the theme now on screen (or on paper). */
export function lineDrawing(data: LineData, xTitle?: string): LineDrawing {
	return {
		data,
		ink: { text: themeColor('--text', '#fff'), grid: themeColor('--border', '#444') },
		locale: getLocale(),
		...(xTitle ? { xTitle } : {})
	};
}

/**
 * A chart drawn by a worker into `canvas`, at the size of the canvas's parent. No legend: the
 * screens write their own. `onfail`: the worker could not be started or broke.
 */
export class LineChart {
	readonly #canvas: HTMLCanvasElement;
	readonly #worker: Worker;
	readonly #sized: ResizeObserver;
	/** The lines to draw once the frame's size is known (the worker draws nothing before). */
	#first: LineDrawing | null;
	#pointer: { x: number; y: number } | null = null;
	#pointerFrame = 0;
	readonly #stops: (() => void)[] = [];

	constructor(canvas: HTMLCanvasElement, drawing: LineDrawing, onfail: () => void) {
		this.#canvas = canvas;
		// The frame's size, which the worker draws at: its frames are painted 1:1.
		Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%' });
		this.#first = drawing;
		this.#worker = new Worker(new URL('./lineChart.worker.ts', import.meta.url), {
			type: 'module'
		});
		this.#worker.onmessage = ({ data }: MessageEvent<ImageBitmap>) => this.#paint(data);
		this.#worker.onerror = () => onfail();
		this.#sized = new ResizeObserver(([entry]) => {
			if (!entry) return;
			const { width, height } = entry.contentRect;
			if (width < 1 || height < 1) return;
			const size = { width, height, ratio: devicePixelRatio };
			this.#send({ size, ...(this.#first ? { drawing: this.#first } : {}) });
			this.#first = null;
		});
		this.#sized.observe(canvas.parentElement ?? canvas);
		this.#listen();
	}

	/** New lines, or the same lines in the palette now in force. */
	draw(drawing: LineDrawing): void {
		if (this.#first) this.#first = drawing;
		else this.#send({ drawing });
	}

	destroy(): void {
		this.#sized.disconnect();
		cancelAnimationFrame(this.#pointerFrame);
		for (const stop of this.#stops) stop();
		this.#worker.terminate();
	}

	#send(message: ChartMessage) {
		this.#worker.postMessage(message);
	}

	#paint(frame: ImageBitmap) {
		const canvas = this.#canvas;
		// Setting a canvas's size clears it: only when the frame's size changed.
		if (canvas.width !== frame.width) canvas.width = frame.width;
		if (canvas.height !== frame.height) canvas.height = frame.height;
		const ctx = canvas.getContext('2d');
		ctx?.clearRect(0, 0, canvas.width, canvas.height);
		ctx?.drawImage(frame, 0, 0);
		frame.close();
	}

	/** A pointer or finger on the chart shows the values under it (Chart.js's tooltip). */
	#listen() {
		const at = (e: PointerEvent) => {
			this.#pointer = { x: e.offsetX, y: e.offsetY };
			// At most one a frame: the worker draws each.
			if (!this.#pointerFrame)
				this.#pointerFrame = requestAnimationFrame(() => {
					this.#pointerFrame = 0;
					if (!this.#first) this.#send({ pointer: this.#pointer });
				});
		};
		// A finger's values stay after it lifts (its pointer leaves then), as Chart.js's own do.
		const away = (e: PointerEvent) => {
			if (e.pointerType !== 'mouse') return;
			this.#pointer = null;
			if (!this.#first) this.#send({ pointer: null });
		};
		const on = <K extends keyof HTMLElementEventMap>(
			type: K,
			f: (e: HTMLElementEventMap[K]) => void
		) => {
			this.#canvas.addEventListener(type, f);
			this.#stops.push(() => this.#canvas.removeEventListener(type, f));
		};
		on('pointermove', at);
		on('pointerdown', at);
		on('pointerleave', away);
	}
}
