// Trains are named by a string: a player's train by the player's key (seat id), a Mexican train
// by MEXICAN ('mexican') or, where several are allowed (004), 'mexican-2', 'mexican-3'…
// Player keys are opaque ids (UUIDs in the app), so they never collide with those names.
// This is the one definition of a Mexican train's id: the reducer, the stored log's parser, the
// backup's checks and the screen's train names all ask here.

export type TrainId = string;

export const MEXICAN: TrainId = 'mexican';

/** The id of the k-th Mexican train (1-based): 'mexican', 'mexican-2', … */
export function mexicanTrainId(k: number): TrainId {
	return k <= 1 ? MEXICAN : `${MEXICAN}-${k}`;
}

/**
 * Which Mexican train `train` names (1 for 'mexican', 2 for 'mexican-2' …), or null when it is not
 * the id of one: exactly the ids `mexicanTrainId` makes ('mexican-1' and 'mexican-02' are not).
 */
export function mexicanTrainNumber(train: TrainId): number | null {
	if (train === MEXICAN) return 1;
	const digits = /^mexican-([2-9]|[1-9][0-9]{1,5})$/.exec(train)?.[1];
	return digits === undefined ? null : Number(digits);
}

export function isMexicanTrain(train: TrainId): boolean {
	return mexicanTrainNumber(train) !== null;
}
