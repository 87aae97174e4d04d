// The failure and problem words arrive after the first paint (words.svelte.ts): once loaded, its
// functions say exactly what failureText and problemText say.
import { describe, expect, it } from 'vitest';
import { failureText as direct } from '$lib/components/failureText';
import { problemText as directProblem } from '$lib/components/problemText';

describe('words.svelte', () => {
	it('says, once loaded, the same words as failureText and problemText', async () => {
		const { failureText, problemText, failureWords } = await import('$lib/components/words.svelte');
		const failure = { ok: false, error: 'quota' } as const;
		const problem = { code: 'name-empty' } as const;
		await failureWords();
		expect(failureText(failure, { doing: 'change' })).toBe(direct(failure, { doing: 'change' }));
		expect(problemText(problem)).toBe(directProblem(problem));
		expect(failureText(failure)).toMatch(/storage space/);
	});
});
