// Backups: export, schema, parsing and import, each in its own file; import from here.
export * from './types';
export { exportBackup, backupJson, backupFileName } from './export';
export { parseBackup } from './parse';
export { importBackup, importBackupText } from './import';
export type { ImportResult, ImportOutcome, ImportOptions } from './import';
