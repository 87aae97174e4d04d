// Before every test file: the fake IndexedDB, and Testing Library's setup and DOM cleanup for the
// component tests (the files that opt into `// @vitest-environment jsdom`; in every other file its
// import cost most of a second).
//
// The fake comes before any file's imports: Dexie reads the global `indexedDB` once, when its
// module is first evaluated, and the files of a worker share their modules. A file that loaded
// Dexie without the fake (through a state class) left every later file of that worker with no
// IndexedDB at all ("MissingAPIError"), depending on which files a worker happened to run first.
import 'fake-indexeddb/auto';
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
