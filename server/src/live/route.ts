// GET /v1/events: the live channel (server-sent events). `change` at once and after every stored
// change or revoke; `unavailable` while the database is away (then `change` once it is back); a
// heartbeat between. A revoked key's channel is closed at once.

import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ChangeHub } from '../changes';
import type { Env } from '../http/auth';

export function liveChannel(hub: ChangeHub, heartbeat: number) {
	return (c: Context<Env>) =>
		streamSSE(c, async (stream) => {
			let wake: (() => void) | null = null;
			// At once: the client loads the standings (or learns the database is away).
			let pending: 'change' | 'unavailable' | null = hub.available ? 'change' : 'unavailable';
			let revoked = false;
			const tell = (event: typeof pending) => () => {
				pending = event;
				wake?.();
			};
			const unsubscribe = hub.subscribe({
				keyId: c.get('who').keyId,
				changed: tell('change'),
				unavailable: tell('unavailable'),
				revoked: () => {
					revoked = true;
					wake?.();
				}
			});
			stream.onAbort(() => wake?.());
			while (!stream.aborted && !revoked) {
				if (pending) {
					const event = pending;
					pending = null;
					await stream.writeSSE({ event, data: String(Date.now()) });
				}
				let timer: NodeJS.Timeout | undefined;
				await new Promise<void>((resolve) => {
					wake = resolve;
					timer = setTimeout(resolve, heartbeat);
				});
				clearTimeout(timer);
				wake = null;
				if (!pending && !stream.aborted && !revoked) await stream.write(': still here\n\n');
			}
			unsubscribe();
		});
}
