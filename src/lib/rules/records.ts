// Small helpers for plain records whose keys are opaque player keys (any string, even
// '__proto__' or 'constructor'), and for naming a value in a problem.

export function isRecord(x: unknown): x is Record<string, unknown> {
	return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** An own property only: player keys are opaque, so 'constructor' must not find Object's. */
export function own(record: Record<string, unknown>, k: string): unknown {
	return Object.hasOwn(record, k) ? record[k] : undefined;
}

/** Sets a key as an own property, even '__proto__' (plain assignment would set the prototype). */
export function put<T>(record: Record<string, T>, k: string, value: T): void {
	if (k === '__proto__') {
		Object.defineProperty(record, k, {
			value,
			enumerable: true,
			writable: true,
			configurable: true
		});
	} else record[k] = value;
}

/** A record with one entry per key, all `value`. */
export function recordOf<T>(keys: readonly string[], value: T): Record<string, T> {
	const record: Record<string, T> = {};
	for (const k of keys) put(record, k, value);
	return record;
}

/** A value as text for a problem's parameters: a string as is, anything else as JSON. */
export function describe(x: unknown): string {
	if (typeof x === 'string') return x;
	try {
		return JSON.stringify(x) ?? String(x);
	} catch {
		return String(x);
	}
}
