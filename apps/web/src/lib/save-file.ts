/** Hands a file to the browser as a download named `filename` (a PDF, an export the person keeps). */
export function saveFile(options: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(options.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = options.filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Hands text to the browser as a download named `filename` (an export the person keeps). */
export function saveTextFile(options: { text: string; filename: string; type: string }): void {
  saveFile({ blob: new Blob([options.text], { type: options.type }), filename: options.filename });
}
