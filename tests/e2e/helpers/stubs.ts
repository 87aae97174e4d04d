// Stand-ins for device APIs the browser under test lacks or that would open system UI: the
// Screen Wake Lock (with page visibility driven by the test) and the Web Share API.
import type { Page } from '@playwright/test';

export interface WakeLog {
	requests: number;
	releases: number;
	active: boolean;
}

/** A `navigator.wakeLock` that records requests and releases in `window.__wake`. */
export async function stubWakeLock(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const log = { requests: 0, releases: 0, active: false };
		let hidden = false;
		let current: (EventTarget & { released: boolean; release(): Promise<void> }) | null = null;
		Object.defineProperty(document, 'visibilityState', {
			get: () => (hidden ? 'hidden' : 'visible')
		});
		Object.defineProperty(document, 'hidden', { get: () => hidden });
		const w = window as unknown as Record<string, unknown>;
		w.__wake = log;
		/** What the browser does when the tab is hidden and shown again. */
		w.__setHidden = (value: boolean) => {
			hidden = value;
			if (value && current && !current.released) void current.release();
			document.dispatchEvent(new Event('visibilitychange'));
		};
		Object.defineProperty(navigator, 'wakeLock', {
			configurable: true,
			value: {
				request: async (type: string) => {
					if (type !== 'screen' || hidden) throw new DOMException('refused', 'NotAllowedError');
					log.requests++;
					log.active = true;
					const sentinel = Object.assign(new EventTarget(), {
						released: false,
						type: 'screen',
						async release() {
							if (sentinel.released) return;
							sentinel.released = true;
							log.releases++;
							if (current === sentinel) log.active = false;
							sentinel.dispatchEvent(new Event('release'));
						}
					});
					current = sentinel;
					return sentinel;
				}
			}
		});
	});
}

export async function wakeLog(page: Page): Promise<WakeLog> {
	return page.evaluate(() => ({ ...(window as unknown as { __wake: WakeLog }).__wake }));
}

export interface ShareLog {
	calls: { title?: string; text?: string; files: { name: string; type: string; size: number }[] }[];
	/** The shared PNG as a data URL, to look at. */
	png: string | null;
}

/**
 * A `navigator.share` recording what it was given (`window.__share`); `files: false` makes
 * `navigator.canShare` refuse files, as a desktop browser does.
 */
export async function stubShare(page: Page, options: { files: boolean }): Promise<void> {
	await page.addInitScript((files) => {
		const log: ShareLog = { calls: [], png: null };
		(window as unknown as { __share: ShareLog }).__share = log;
		Object.defineProperty(navigator, 'canShare', {
			configurable: true,
			value: (data: { files?: File[] }) => files || !data.files || data.files.length === 0
		});
		Object.defineProperty(navigator, 'share', {
			configurable: true,
			value: async (data: { title?: string; text?: string; files?: File[] }) => {
				const list = data.files ?? [];
				log.calls.push({
					title: data.title,
					text: data.text,
					files: list.map((f) => ({ name: f.name, type: f.type, size: f.size }))
				});
				const png = list[0];
				if (png) {
					log.png = await new Promise<string>((resolve) => {
						const reader = new FileReader();
						reader.onload = () => resolve(String(reader.result));
						reader.readAsDataURL(png);
					});
				}
			}
		});
	}, options.files);
}

export async function shareLog(page: Page): Promise<ShareLog> {
	return page.evaluate(() => (window as unknown as { __share: ShareLog }).__share);
}
