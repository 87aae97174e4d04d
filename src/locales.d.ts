// The build's language loader (scripts/locale-split.js): German, French and Italian messages are
// imported before the first render, only for a person who reads that language; `home` waits only
// for the home screen's part.
declare module 'virtual:caboose-locales' {
	export function loadLocaleMessages(locale: string, home?: boolean): Promise<void>;
}
