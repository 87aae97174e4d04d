// Apart from backup.ts, so the Settings screen can know the limit without loading the checks.

/** Years of weekly evenings fit in a few MiB; anything far bigger is not a Caboose backup. */
export const MAX_BACKUP_BYTES = 16 * 1024 * 1024;
