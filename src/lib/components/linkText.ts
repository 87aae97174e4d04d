// A refused link (or one this phone could not make) in the reader's language: one sentence per
// kind of refusal. failureText says a link Failure through here.
import * as m from '$lib/paraglide/messages.js';
import type { LinkError, LinkErrorKind } from '$lib/link';

const WORDS: Record<Exclude<LinkErrorKind, 'refused-round' | 'newer-version'>, () => string> = {
	'not-caboose': m.view_error_not_caboose,
	damaged: m.view_error_damaged,
	truncated: m.view_error_truncated,
	'too-large': m.view_error_too_large,
	encode: m.phones_encode_failed
};

export function linkErrorText(error: LinkError): string {
	if (error.kind === 'refused-round') {
		return error.round
			? m.view_error_refused_round({ k: error.round })
			: m.view_error_refused_table();
	}
	if (error.kind === 'newer-version') {
		const newer = error.newer;
		return newer && 'found' in newer
			? m.view_error_newer_format({ found: newer.found, reads: newer.reads })
			: m.view_error_newer_rules({ name: newer?.unknown ?? '' });
	}
	return WORDS[error.kind]();
}
