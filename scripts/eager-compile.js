// V8's compile hint on the file every screen runs first (`framework`: Svelte's and SvelteKit's
// runtime, scripts/chunk-groups.js). V8 compiles a function when it is first called: at a
// quarter of a laptop's speed, the first marker tap on the table spent about a third of its
// handlers compiling Svelte's update code on the main thread. A file that begins with the comment
// below is compiled whole as it loads, and its code cache keeps it whole for the visits after
// (v8.dev/blog/explicit-compile-hints); other engines read a comment. On a cold load that is one
// task of about 100 ms at 4× before the screen's code runs, and the screen's longest task is
// shorter by the compiling it no longer does. Only that file: a hint on every file compiles code
// no screen runs, and was no quicker (the measurements: docs/inside-the-app.md, the build). The
// comment is put before the rendered file's text, after the minifier (which drops comments) and
// before its name is hashed; no code is read. The build stops when no file of that name was
// rendered (the group was renamed).

const HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * @param {string[]} names the chunk groups compiled whole
 * @returns {import('vite').Plugin}
 */
export function eagerCompile(names) {
	/** The environments (Vite's client build, its SSR one) that rendered a hinted file. */
	const hinted = new Set();
	return {
		name: 'caboose:eager-compile',
		apply: 'build',
		renderChunk: {
			order: 'post',
			handler(code, chunk) {
				if (!names.includes(chunk.name)) return null;
				hinted.add(this.environment.name);
				// No source map is built: one line more at the top changes nothing else.
				return { code: HINT + code, map: null };
			}
		},
		generateBundle() {
			if (this.environment.name === 'client' && !hinted.has('client'))
				this.error(`scripts/eager-compile.js: no file named ${names.join(', ')} in the build.`);
		}
	};
}
