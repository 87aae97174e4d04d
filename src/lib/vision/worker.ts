// The pip counter in a Web Worker, so counting never freezes the page. It receives the pixels
// (the buffer is transferred, not copied), answers with the count, and keeps nothing.
import { countPips } from './pips';

interface Request {
	width: number;
	height: number;
	data: Uint8ClampedArray;
}

self.onmessage = (event: MessageEvent<Request>) => {
	const { width, height, data } = event.data;
	try {
		self.postMessage({ ok: true, result: countPips({ width, height, data }) });
	} catch {
		self.postMessage({ ok: false });
	}
};
