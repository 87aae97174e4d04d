// Links for the other phones at the table: an evening in a URL fragment, and its QR code.
// Pure TS (no Svelte, no Dexie, no DOM); relative imports only, so scripts run it under tsx.
export * from './codec';
export * from './snapshot';
export { qrCode, type QrCode } from './qr';
