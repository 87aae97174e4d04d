// GET /v1/events: the live channel (server-sent events). `change` at once and after every stored
// change or revoke; a heartbeat between. A revoked key's channel is closed at once.

import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ChangeHub } from '../changes';
import type { Env } from '../http/auth';

export function liveChannel(hub: ChangeHub, heartbeat: number) {
	return (c: Context<Env>) =>
		streamSSE(c, async (stream) => {
			let wake: (() => void) | null = null;
			let pending = true; // a first `change` at once: the client loads the standings
			let revoked = false;
			const unsubscribe = hub.subscribe({
				keyId: c.get('who').keyId,
				changed: () => {
					pending = true;
					wake?.();
				},
				revoked: () => {
					revoked = true;
					wake?.();
				}
			});
			stream.onAbort(() => wake?.());
			while (!stream.aborted && !revoked) {
				if (pending) {
					pending = false;
					await stream.writeSSE({ event: 'change', data: String(Date.now()) });
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
