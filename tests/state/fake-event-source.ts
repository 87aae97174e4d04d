// The browser's EventSource for state tests of the club's live channel: each one opened is kept,
// and the test tells it a `change`, as the club's server does after a write.
export class FakeEventSource extends EventTarget {
	static readonly CLOSED = 2;
	static opened: FakeEventSource[] = [];
	readyState = 1;
	closed = false;
	onerror: (() => void) | null = null;
	constructor(readonly url: string) {
		super();
		FakeEventSource.opened.push(this);
	}
	/** `data`: what changed, as the server says it (none: an older server's time). */
	change(data?: string) {
		this.dispatchEvent(new MessageEvent('change', { data: data ?? String(Date.now()) }));
	}
	/** The connection dropped, and the browser gave up on it (or is retrying by itself). */
	drop(givenUp: boolean) {
		this.readyState = givenUp ? FakeEventSource.CLOSED : 0;
		this.onerror?.();
	}
	close() {
		this.closed = true;
		this.readyState = FakeEventSource.CLOSED;
	}
}
