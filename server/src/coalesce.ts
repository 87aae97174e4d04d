// One way for many callers to share one trip to the database.

/**
 * Calls that arrive while `run` is under way wait, then go to one `run` together (at most `most`
 * of them), in the order they came. `run` answers each item, in order, or fails them all; a
 * caller hears only when its group's `run` has finished.
 */
export function coalesce<I, O>(
	run: (items: I[]) => Promise<PromiseSettledResult<O>[]>,
	most = Infinity
): (item: I) => Promise<O> {
	const queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
	let running = false;
	const drain = async () => {
		running = true;
		while (queue.length > 0) {
			const group = queue.splice(0, most);
			try {
				const outcomes = await run(group.map((w) => w.item));
				group.forEach((w, i) => {
					const outcome = outcomes[i]!;
					if (outcome.status === 'fulfilled') w.resolve(outcome.value);
					else w.reject(outcome.reason);
				});
			} catch (error) {
				for (const w of group) w.reject(error);
			}
		}
		running = false;
	};
	return (item) =>
		new Promise<O>((resolve, reject) => {
			queue.push({ item, resolve, reject });
			if (!running) void drain();
		});
}
