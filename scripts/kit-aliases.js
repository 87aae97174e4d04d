// SvelteKit's import aliases, for dependency-cruiser (`.dependency-cruiser.cjs`), which reads
// aliases from a webpack-shaped `{ resolve: { alias } }`, not from Vite. Without them it resolved
// none of the `$lib/` imports, and a screen importing `$lib/db` passed the lint.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import config from '../svelte.config.js';

const strip = (/** @type {string} */ p) => p.replace(/\/\*$/, '');

// As SvelteKit's Vite plugin maps them: `$lib` and `kit.alias` from the project's folder (the
// working directory, as SvelteKit resolves them), `$app` to SvelteKit's own runtime.
/** @type {Record<string, string>} */
const alias = {
	$lib: resolve(config.kit?.files?.lib ?? 'src/lib'),
	$app: fileURLToPath(new URL('../runtime/app', import.meta.resolve('@sveltejs/kit')))
};
for (const [name, target] of Object.entries(config.kit?.alias ?? {}))
	alias[strip(name)] = resolve(strip(target));

export default { resolve: { alias } };
