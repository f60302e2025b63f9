import type { DownloadFile } from '../../design';

/** Downloads files made in the page (an export), each as a Blob the browser saves under its name. */
export function downloadFiles(files: readonly DownloadFile[]): void {
  for (const file of files) {
    const url = URL.createObjectURL(new Blob([file.text], { type: `${file.mediaType};charset=utf-8` }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.fileName;
    link.click();
    // Revoke after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
