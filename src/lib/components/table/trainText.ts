// A train's name in the reader's language: in a list, or inside a sentence. Apart from the table's
// other words (tableText.ts), so the read-only view takes only these.
import * as m from '$lib/paraglide/messages.js';
import { mexicanTrainNumber } from '$lib/rules';

/** A train's name for a list: the owner's name, or "Mexican train" (2, 3…). */
export function trainLabel(train: string, name: (p: string) => string): string {
	const k = mexicanTrainNumber(train);
	if (k === null) return name(train);
	return k === 1 ? m.table_mexican_train() : m.table_mexican_train_n({ n: k });
}

/** A name that starts with a vowel sound, for a language whose wording would need an elision (French
 * now says "le train appartenant à Anne", which needs none: both of its messages are the same). */
export function elides(name: string): boolean {
	return /^[aeiouyhàâäéèêëîïôöûüœæ]/i.test(name.trim());
}

/** A train inside a sentence: "Ben's train", "the Mexican train". */
export function trainInSentence(train: string, name: (p: string) => string): string {
	const k = mexicanTrainNumber(train);
	if (k === null) {
		const n = name(train);
		return elides(n) ? m.table_train_of_vowel({ name: n }) : m.table_train_of({ name: n });
	}
	return k === 1 ? m.table_the_mexican_train() : m.table_the_mexican_train_n({ n: k });
}
