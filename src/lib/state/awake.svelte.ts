// Keeps the screen on while an evening is open (Screen Wake Lock API). The browser drops the lock
// whenever the page is hidden, so it is asked for again when the page becomes visible. Where the
// API is missing or refuses (battery saver, an iframe), nothing else changes.

interface Sentinel {
	released: boolean;
	release(): Promise<void>;
	addEventListener(type: 'release', listener: () => void): void;
}
interface WakeLockApi {
	request(type: 'screen'): Promise<Sentinel>;
}

function wakeLockApi(): WakeLockApi | null {
	if (typeof navigator === 'undefined') return null;
	const api = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
	return api && typeof api.request === 'function' ? api : null;
}

export class ScreenAwake {
	/** True while the screen is held awake. */
	held = $state(false);
	readonly supported = wakeLockApi() !== null;

	/**
	 * Holds the screen awake until the returned stop is called (for `$effect`), asking again each
	 * time the page becomes visible.
	 */
	hold(): () => void {
		const api = wakeLockApi();
		if (!api) return () => {};
		let stopped = false;
		let sentinel: Sentinel | null = null;
		let pending = false;

		const request = async () => {
			if (stopped || pending || (sentinel && !sentinel.released)) return;
			if (document.visibilityState !== 'visible') return;
			pending = true;
			try {
				const lock = await api.request('screen');
				if (stopped) {
					await lock.release();
					return;
				}
				sentinel = lock;
				this.held = true;
				lock.addEventListener('release', () => {
					if (sentinel === lock) this.held = false;
				});
			} catch {
				// Refused (hidden page, power saving): the screen simply follows the device.
				this.held = false;
			} finally {
				pending = false;
			}
		};
		const onVisible = () => {
			if (document.visibilityState === 'visible') void request();
		};

		document.addEventListener('visibilitychange', onVisible);
		void request();
		return () => {
			stopped = true;
			document.removeEventListener('visibilitychange', onVisible);
			const lock = sentinel;
			sentinel = null;
			this.held = false;
			if (lock && !lock.released) void lock.release().catch(() => {});
		};
	}
}

export const screenAwake = new ScreenAwake();
