// A refused link in the reader's language: one sentence per kind of refusal.
import * as m from '$lib/paraglide/messages.js';
import type { LinkError, LinkErrorKind } from '$lib/state/link.svelte';

const WORDS: Record<Exclude<LinkErrorKind, 'refused-round'>, () => string> = {
	'not-caboose': m.view_error_not_caboose,
	damaged: m.view_error_damaged,
	truncated: m.view_error_truncated,
	'too-large': m.view_error_too_large,
	'unsupported-version': m.view_error_unsupported_version
};

export function linkErrorText(error: LinkError): string {
	if (error.kind === 'refused-round') {
		return error.round
			? m.view_error_refused_round({ k: error.round })
			: m.view_error_refused_table();
	}
	return WORDS[error.kind]();
}
