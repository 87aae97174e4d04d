// Table tokens: 256 random bits, shown once (in the join link), stored only as their SHA-256.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_PATTERN } from '../../src/lib/club/protocol';

export function newToken(): string {
	return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): Buffer {
	return createHash('sha256').update(token, 'utf8').digest();
}

/** A token as a table sends it, or null when it cannot be one (checked before any lookup). */
export function readBearer(header: string | undefined): string | null {
	const m = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header ?? '');
	return m && TOKEN_PATTERN.test(m[1]!) ? m[1]! : null;
}

/** Compares a stored hash with a presented token's in constant time. */
export function sameHash(stored: Uint8Array, presented: Buffer): boolean {
	return stored.length === presented.length && timingSafeEqual(stored, presented);
}
