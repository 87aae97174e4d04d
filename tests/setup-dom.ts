// Testing Library's setup and DOM cleanup, only for the component tests (the files that opt into
// `// @vitest-environment jsdom`): in every other file its import cost most of a second.
import { beforeEach } from 'vitest';

if (typeof document !== 'undefined') {
	const { act, cleanup, setup } = await import('@testing-library/svelte');
	beforeEach(async () => {
		await setup();
		return async () => {
			await act();
			cleanup();
		};
	});
}
