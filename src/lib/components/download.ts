// Saving a file the app made (a backup, a CSV, a standings card) on the device: a Blob and a link with `download`.
// No server is involved; the text never leaves the phone except where the user puts the file.

export function downloadText(text: string, fileName: string, type: string): void {
	downloadBlob(new Blob([text], { type }), fileName);
}

export function downloadBlob(blob: Blob, fileName: string): void {
	const url = URL.createObjectURL(blob);
	const link = document.createElement('a');
	link.href = url;
	link.download = fileName;
	link.rel = 'noopener';
	link.hidden = true;
	document.body.append(link);
	link.click();
	link.remove();
	// Revoked later: some browsers read the blob after click() has returned.
	setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
