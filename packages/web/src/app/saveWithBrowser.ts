/**
 * Hands a downloaded file to the browser's own download (saved under `filename`): a temporary
 * object URL behind an `<a download>` that is clicked once and removed.
 */
export function saveWithBrowser(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
