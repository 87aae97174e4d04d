// One set of Paraglide compiler options for the Vite plugin and for `npm run i18n`, so the
// runtime a build ships and the one svelte-check or a test sees can never differ.
/** @type {{ project: string; outdir: string; strategy: ['localStorage', 'preferredLanguage', 'baseLocale'] }} */
export const paraglideOptions = {
	project: './project.inlang',
	outdir: './src/lib/paraglide',
	// No locale in the URL: the choice is remembered in localStorage, else the browser's.
	strategy: ['localStorage', 'preferredLanguage', 'baseLocale']
};
