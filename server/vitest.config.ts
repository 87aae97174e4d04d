// The club server's own suite (npm test runs it on PGlite, then on a real PostgreSQL through
// scripts/with-postgres.mjs, which sets CLUB_TEST_DATABASE_URL). Apart from the app's config, so
// the app's build never sees the server.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
	resolve: { alias: { $lib: fileURLToPath(new URL('../src/lib', import.meta.url)) } },
	test: {
		root: fileURLToPath(new URL('..', import.meta.url)),
		include: ['server/test/**/*.test.ts'],
		globalSetup: ['server/test/global-setup.ts'],
		environment: 'node',
		// Server processes and databases of their own: one file at a time on a small machine.
		fileParallelism: false,
		// And in one worker, which loads Hono, pg, PGlite and the server once, not once a file (the
		// suite: 167 → 104 CPU-s on PGlite, 68 → 52 on PostgreSQL). Each file still has a database
		// of its own (helpers.ts: testClub's, dropped by releaseDb after the file), and nothing
		// here mocks a module.
		isolate: false,
		testTimeout: 60_000,
		hookTimeout: 60_000,
		// expect.poll waits for a state as long as a test may run, not its default second: beside
		// the browser tests, a turn of the server's statistics took longer (planner-stats failed).
		expect: { poll: { timeout: 60_000 } }
	}
});
