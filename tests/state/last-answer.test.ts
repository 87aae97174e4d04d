// Only the last action's answer is said (LastAnswer, what the organiser's screens say with): an
// earlier action answered late neither clears nor overwrites a newer one's answer, nor a refusal
// said on the spot; the one who waited still gets its answer.
import { describe, expect, it } from 'vitest';
import { LastAnswer } from '$lib/state/club/last-answer';

function later<T>() {
	let answer!: (value: T) => void;
	const promise = new Promise<T>((resolve) => (answer = resolve));
	return { promise, answer };
}

describe('LastAnswer', () => {
	it("says the newest action's answer only; every action still gets its own", async () => {
		const answers = new LastAnswer();
		const said: string[] = [];
		const first = later<string>();
		const second = later<string>();
		const one = answers.after(first.promise, (a) => said.push(a));
		const two = answers.after(second.promise, (a) => said.push(a));
		second.answer('refused: Anna is a member');
		expect(await two).toBe('refused: Anna is a member');
		first.answer('stored');
		expect(await one).toBe('stored');
		expect(said).toEqual(['refused: Anna is a member']);

		// One at a time, each answer is said.
		expect(await answers.after(Promise.resolve('stored'), (a) => said.push(a))).toBe('stored');
		expect(said).toEqual(['refused: Anna is a member', 'stored']);
	});

	it('a refusal said on the spot is not replaced by an earlier answer', async () => {
		const answers = new LastAnswer();
		const said: string[] = [];
		const pending = later<string>();
		const sent = answers.after(pending.promise, (a) => said.push(a));
		answers.interrupt();
		pending.answer('stored');
		await sent;
		expect(said).toEqual([]);
	});
});
