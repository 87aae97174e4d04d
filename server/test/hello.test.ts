// The README's commands together, on the server's side: by default join links open the app where
// `npm start` serves it; GET /v1/hello answers any origin with the one app address the club
// serves (so a phone can say truly why its requests are blocked); and a request from another
// origin is logged, once per origin, never as a flood.

import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HelloSchema } from '../../src/lib/club/protocol';
import { readConfig } from '../src/config';
import { APP_ORIGIN, call, releaseDb, testClub, type TestClub } from './helpers';
import * as v from 'valibot';

let t: TestClub;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
	t = await testClub();
	warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
	warn.mockRestore();
	await t.close();
});
afterAll(releaseDb);

describe('the app and the club, by default and from another origin', () => {
	it('by default, join links open the app where `npm start` serves it', () => {
		expect(readConfig({}).appOrigin).toBe('http://127.0.0.1:4173');
		expect(readConfig({ APP_ORIGIN: 'https://caboose.example/' }).appOrigin).toBe(
			'https://caboose.example'
		);
	});

	it('GET /v1/hello answers any origin, with no token, the app address the club serves', async () => {
		const hello = await call(t.app, '/v1/hello', null, {
			headers: { Origin: 'http://localhost:5173' }
		});
		expect(hello.status).toBe(200);
		expect(hello.headers.get('access-control-allow-origin')).toBe('*');
		expect(v.parse(HelloSchema, hello.body)).toEqual({ protocol: 1, appOrigin: APP_ORIGIN });
		expect(warn).not.toHaveBeenCalled();
	});

	it('logs a refused origin once, however often it asks', async () => {
		const token = await t.invite('Table 1');
		for (let i = 0; i < 3; i++) {
			const from = { headers: { Origin: 'http://localhost:5173' } };
			const me = await call(t.app, '/v1/me', token, from);
			expect(me.headers.get('access-control-allow-origin')).toBeNull();
			await call(t.app, '/v1/ops', token, { ...from, method: 'OPTIONS' });
		}
		await call(t.app, '/v1/me', token, { headers: { Origin: APP_ORIGIN } });
		expect(warn.mock.calls).toEqual([
			[
				`Refused a request from http://localhost:5173: this club serves the app at ${APP_ORIGIN} (APP_ORIGIN). If phones open the app at http://localhost:5173, start the club server with APP_ORIGIN=http://localhost:5173.`
			]
		]);
	});

	it('a flood of origins: each logged once up to 20, then one line, and nothing of a hostile header is echoed raw', async () => {
		await call(t.app, '/v1/me', null, { headers: { Origin: 'x\u001b[2Jnot an origin' } });
		for (let i = 0; i < 50; i++)
			await call(t.app, '/v1/me', null, { headers: { Origin: `http://evil${i}.test` } });
		expect(warn).toHaveBeenCalledTimes(21);
		expect(String(warn.mock.calls[0]?.[0])).toMatch(
			/^Refused a request from "x\\u001b\[2Jnot an origin": /
		);
		expect(String(warn.mock.calls[1]?.[0])).toMatch(
			/^Refused a request from http:\/\/evil0\.test: /
		);
		expect(warn.mock.calls[20]).toEqual([
			'Refused requests from more origins; not logged any more.'
		]);
	});
});
