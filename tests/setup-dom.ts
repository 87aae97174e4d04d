// Testing Library's setup and DOM cleanup, only for the component tests (the files that opt into
// `// @vitest-environment jsdom`): in every other file its import cost most of a second.
import { beforeEach } from 'vitest';

if (typeof document !== 'undefined') {
	const { act, cleanup, configure, setup } = await import('@testing-library/svelte');
	// waitFor and findBy wait for the state they look for as long as the test may run, not 1 s:
	// on a loaded machine an import took longer and a passing test failed.
	configure({ asyncUtilTimeout: 60_000 });
	beforeEach(async () => {
		await setup();
		return async () => {
			await act();
			cleanup();
		};
	});
}
