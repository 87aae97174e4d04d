// The QR code of a link, drawn as one SVG path. The encoder (lean-qr, about 4 KB gzip) is loaded
// by a dynamic import the first time a code is made, so no screen pays for it until the QR dialog
// opens.

export interface QrCode {
	/** Modules per side, without the quiet zone. */
	size: number;
	/** QR version 1 … 40 (size = 17 + 4 · version). */
	version: number;
	/** An SVG path of the dark modules, in module units, offset by the quiet zone. */
	path: string;
	/** Quiet zone on each side, in modules (the standard asks for 4). */
	quiet: number;
}

export const QUIET_ZONE = 4;

/**
 * Encodes `text` with error correction M (or better, when that fits in the same version), in
 * the version it needs; null when it does not fit in any version (over 2,331 bytes at M).
 */
export async function qrCode(text: string): Promise<QrCode | null> {
	const { generate, correction } = await import('lean-qr');
	let code;
	try {
		code = generate(text, { minCorrectionLevel: correction.M });
	} catch {
		return null;
	}
	const { size } = code;
	let path = '';
	for (let y = 0; y < size; y++) {
		let x = 0;
		while (x < size) {
			if (!code.get(x, y)) {
				x++;
				continue;
			}
			const from = x;
			while (x < size && code.get(x, y)) x++;
			path += `M${from + QUIET_ZONE} ${y + QUIET_ZONE}h${x - from}v1h${from - x}z`;
		}
	}
	return { size, version: (size - 17) / 4, path, quiet: QUIET_ZONE };
}
