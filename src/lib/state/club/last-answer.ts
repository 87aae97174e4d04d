// Only the last action's answer is said. An organiser's screen sends actions one after another,
// and the club may answer an earlier one late: said then, it would clear or overwrite what a
// newer action's answer (or a refusal said on the spot) already says.

export class LastAnswer {
	#latest = 0;

	/**
	 * Waits for the action's answer and returns it; `say` hears it only if no action started after
	 * this one (nor `interrupt`).
	 */
	async after<T>(answer: Promise<T>, say: (answer: T) => void): Promise<T> {
		const action = ++this.#latest;
		const got = await answer;
		if (action === this.#latest) say(got);
		return got;
	}

	/** Something newer was said at once (a refusal on the spot): no earlier answer replaces it. */
	interrupt(): void {
		this.#latest++;
	}
}
