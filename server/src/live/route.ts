// GET /v1/events: the live channel (server-sent events). `change` at once and after every stored
// change or revoke, its data the kinds of what changed (a burst told once, its kinds together);
// `unavailable` while the database is away (then `change` once it is back); a heartbeat between.
// A revoked key's channel is closed at once.

import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { CHANGE_KINDS, type ChangeKind } from '../../../src/lib/club/protocol';
import type { ChangeHub } from '../changes';
import type { Env } from '../http/auth';

export function liveChannel(hub: ChangeHub, heartbeat: number) {
	return (c: Context<Env>) =>
		streamSSE(c, async (stream) => {
			let wake: (() => void) | null = null;
			// At once: the client reads everything (or learns the database is away).
			let pending: 'change' | 'unavailable' | null = hub.available ? 'change' : 'unavailable';
			const kinds = new Set<ChangeKind>(CHANGE_KINDS);
			let revoked = false;
			const tell = (event: typeof pending) => {
				pending = event;
				wake?.();
			};
			const unsubscribe = hub.subscribe({
				keyId: c.get('who').keyId,
				changed: (changed) => {
					for (const kind of changed) kinds.add(kind);
					tell('change');
				},
				unavailable: () => tell('unavailable'),
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
					const data = event === 'change' ? [...kinds].join(' ') : String(Date.now());
					// Told: the next change says its own kinds.
					if (event === 'change') kinds.clear();
					await stream.writeSSE({ event, data });
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
