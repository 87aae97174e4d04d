// The smallest pieces of data from outside (a link from another phone, a backup file), said once
// for both: ids, names, times, whole numbers, and JSON read without a key that reaches an
// object's prototype. Pure TS with relative imports only, so scripts run the link under tsx.

import * as v from 'valibot';
import { MAX_NAME_LENGTH, wellFormed } from './rules/setup';

/**
 * The longest id taken. The app makes its ids with `crypto.randomUUID()` (36 characters); older
 * backups were checked against 100 and links against 64, so 100 takes every file and link that
 * was ever accepted.
 */
export const MAX_ID_LENGTH = 100;

/**
 * An id looks like an id, and never like a property every object has (`toString`, `valueOf`),
 * since ids key the totals and the hands.
 */
export const Id = v.pipe(
	v.string(),
	v.regex(new RegExp(`^[A-Za-z0-9_.-]{1,${MAX_ID_LENGTH}}$`)),
	v.check((id) => !(id in Object.prototype), 'an id must not name an object property')
);

export const Whole = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** Milliseconds since 1970, within the range a Date can hold. */
export const Time = v.pipe(Whole, v.maxValue(8.64e15));

/**
 * Text from outside as valid Unicode: a lone surrogate becomes U+FFFD (wellFormed), as a name
 * typed here is cleaned, so no database or phone is handed half a character.
 */
export const Text = v.pipe(v.string(), v.transform(wellFormed));

/** Control characters cannot be typed into a name field; from outside they are a forgery. */
export const Name = v.pipe(
	Text,
	v.minLength(1),
	// A cheap bound first: a name of MAX_NAME_LENGTH characters has at most twice as many units.
	v.maxLength(MAX_NAME_LENGTH * 2),
	// eslint-disable-next-line no-control-regex
	v.regex(/^[^\u0000-\u001f\u007f]*$/),
	v.check((s) => s === s.trim(), 'a name is stored trimmed'),
	v.check(
		(s) => [...s].length <= MAX_NAME_LENGTH,
		`a name has at most ${MAX_NAME_LENGTH} characters`
	)
);

/** Keys that could reach an object's prototype if some code ever merged the parsed data. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

class ForbiddenKey extends Error {}

export type ReadJson =
	| { ok: true; value: unknown }
	/** `forbiddenKey`: the key that was refused, or null when the text is no JSON. */
	| { ok: false; forbiddenKey: string | null };

/**
 * Where such a key can be: it is written as itself or with `\u` escapes (JSON has no other escape
 * for a letter or `_`). Text without either, nearly all of it, is read without a reviver, which
 * makes JSON.parse several times slower (a club server reads every batch).
 */
const MAY_HOLD_FORBIDDEN_KEY = /__proto__|constructor|prototype|\\u/;

/** JSON text read whole, refused at the first `__proto__`, `constructor` or `prototype` key. */
export function readJson(text: string): ReadJson {
	try {
		if (!MAY_HOLD_FORBIDDEN_KEY.test(text)) return { ok: true, value: JSON.parse(text) as unknown };
		const value: unknown = JSON.parse(text, (key, value: unknown) => {
			if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey(key);
			return value;
		});
		return { ok: true, value };
	} catch (e) {
		return { ok: false, forbiddenKey: e instanceof ForbiddenKey ? e.message : null };
	}
}

/** Where a schema issue is, as a path: `evenings[2].rounds[0].entry`. */
export function issuePath(issue: v.BaseIssue<unknown> | undefined): string {
	let out = '';
	for (const item of issue?.path ?? []) {
		const key = (item as { key?: unknown }).key;
		if (typeof key === 'number') out += `[${key}]`;
		else out += out === '' ? String(key) : `.${String(key)}`;
	}
	return out;
}

/**
 * Why a link or a file from a newer Caboose is refused: a later format than this version reads,
 * or something it does not know yet (`knob …`, `preset …`, `event …`). The words name it and
 * ask to update the app.
 */
export type Newer = { found: number; reads: number } | { unknown: string };
