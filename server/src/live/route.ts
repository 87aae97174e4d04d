// GET /v1/events: the live channel (server-sent events).

import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ChangeHub } from '../changes';
import type { Env } from '../http/auth';

/** Server-sent events: a `change` at once and after every stored change, a heartbeat between. */
export function liveChannel(hub: ChangeHub, heartbeat: number) {
	return (c: Context<Env>) =>
		streamSSE(c, async (stream) => {
			let wake: (() => void) | null = null;
			let pending = true; // a first `change` at once: the client loads the standings
			const unsubscribe = hub.subscribe(() => {
				pending = true;
				wake?.();
			});
			stream.onAbort(() => {
				unsubscribe();
				wake?.();
			});
			while (!stream.aborted) {
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
				if (!pending && !stream.aborted) await stream.write(': still here\n\n');
			}
			unsubscribe();
		});
}
