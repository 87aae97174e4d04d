// A token bucket per key (a table's token): `burst` requests at once, then `perSecond`. Held in
// the process only: behind a load balancer each process limits on its own, which is enough to
// keep one table from starving the others.

export interface RateLimit {
	burst: number;
	perSecond: number;
}

export class RateLimiter {
	private readonly buckets = new Map<string, { tokens: number; at: number }>();

	constructor(private readonly limit: RateLimit) {}

	/** 0 when the request may go ahead, else the seconds to wait. */
	take(key: string, now = Date.now()): number {
		const { burst, perSecond } = this.limit;
		const b = this.buckets.get(key) ?? { tokens: burst, at: now };
		b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * perSecond);
		b.at = now;
		this.buckets.set(key, b);
		if (this.buckets.size > 10_000) this.forgetFull(now);
		if (b.tokens < 1) return Math.ceil((1 - b.tokens) / perSecond);
		b.tokens -= 1;
		return 0;
	}

	/** Buckets that have refilled are the same as no bucket: dropped, so memory stays small. */
	private forgetFull(now: number): void {
		for (const [key, b] of this.buckets) {
			if (b.tokens + ((now - b.at) / 1000) * this.limit.perSecond >= this.limit.burst) {
				this.buckets.delete(key);
			}
		}
	}
}
