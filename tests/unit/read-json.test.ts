import { describe, expect, it } from 'vitest';
import { readJson } from '$lib/atoms';

describe('readJson', () => {
	it('reads plain JSON', () => {
		expect(readJson('{"a":[1,{"b":"Zoë"}]}')).toEqual({
			ok: true,
			value: { a: [1, { b: 'Zoë' }] }
		});
	});

	it('refuses a key that reaches a prototype, written as itself or escaped, at any depth', () => {
		expect(readJson('{"__proto__":{"x":1}}')).toEqual({ ok: false, forbiddenKey: '__proto__' });
		expect(readJson('{"a":[{"\\u0063onstructor":1}]}')).toEqual({
			ok: false,
			forbiddenKey: 'constructor'
		});
		expect(readJson('{"a":{"\\u005f\\u005fproto\\u005f\\u005f":null}}')).toEqual({
			ok: false,
			forbiddenKey: '__proto__'
		});
		expect(readJson('[{"prototype":{}}]')).toEqual({ ok: false, forbiddenKey: 'prototype' });
	});

	it('takes those words as values, and escapes in values', () => {
		expect(readJson('{"name":"constructor","n":"__proto__","e":"\\u00e9"}')).toEqual({
			ok: true,
			value: { name: 'constructor', n: '__proto__', e: 'é' }
		});
	});

	it('says when the text is no JSON', () => {
		expect(readJson('{"a":')).toEqual({ ok: false, forbiddenKey: null });
		expect(readJson('{"constructor":')).toEqual({ ok: false, forbiddenKey: null });
	});
});
