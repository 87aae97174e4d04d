import { describe, expect, it } from 'vitest';
import { eagerCompile } from '../../scripts/eager-compile.js';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
type Plugin = ReturnType<typeof eagerCompile>;
/** What a plugin's hook sees in Vite: its environment, and a way to stop the build. */
const context = (env: string) => ({
	environment: { name: env },
	error: (message: string) => {
		throw new Error(message);
	}
});
const render = (p: Plugin, code: string, chunk: string) =>
	(p.renderChunk as { handler: Hook }).handler.call(context('client'), code, { name: chunk });
const finish = (p: Plugin, env: string) => () => (p.generateBundle as Hook).call(context(env));

describe('eagerCompile: V8’s compile hint on the runtime every screen runs', () => {
	it('begins the named file with the hint, after the minifier, and leaves the others alone', () => {
		const p = eagerCompile(['framework']);
		expect((p.renderChunk as { order: string }).order).toBe('post');
		expect(render(p, 'import"./a.mjs";const x=1;', 'framework')).toEqual({
			code: '//# allFunctionsCalledOnLoad\nimport"./a.mjs";const x=1;',
			map: null
		});
		expect(render(p, 'const y=2;', 'evening')).toBeNull();
	});

	it('stops a client build that rendered no file of that name (the group was renamed)', () => {
		const renamed = eagerCompile(['framework']);
		render(renamed, 'x', 'runtime');
		expect(finish(renamed, 'client')).toThrow('no file named framework in the build');
		const kept = eagerCompile(['framework']);
		render(kept, 'x', 'framework');
		expect(finish(kept, 'client')).not.toThrow();
		// The server build has no such file and needs none.
		expect(finish(eagerCompile(['framework']), 'ssr')).not.toThrow();
	});
});
