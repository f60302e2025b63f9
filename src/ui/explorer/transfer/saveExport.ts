/**
 * Saving an export: streamed to a file the user picks (the File System
 * Access API's showSaveFilePicker and a writable stream, in Chromium), so
 * the page holds one page of items at a time however big the table; where
 * the browser has no file picker, the chunks are gathered into a Blob and
 * downloaded (the page then holds the whole export: fine for small ones).
 */

interface WritableFile {
  write(chunk: string): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}

interface SaveFilePicker {
  (options: {
    suggestedName: string;
    types?: { description: string; accept: Record<string, string[]> }[];
  }): Promise<{ createWritable(): Promise<WritableFile> }>;
}

/** How the export was saved: streamed to a file, downloaded from memory, or not at all (the user closed the picker). */
export type SaveOutcome = 'streamed' | 'downloaded' | 'cancelled';

export interface SaveRequest {
  readonly fileName: string;
  readonly mimeType: string;
  readonly extension: string;
  readonly description: string;
  readonly chunks: () => AsyncIterable<string>;
}

function savePicker(): SaveFilePicker | undefined {
  const picker = (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker;
  return typeof picker === 'function' ? (picker.bind(globalThis) as SaveFilePicker) : undefined;
}

/** Whether exports stream to a file here (otherwise they are gathered in memory first). */
export function canStreamExport(): boolean {
  return savePicker() !== undefined;
}

export async function saveExport(request: SaveRequest): Promise<SaveOutcome> {
  const picker = savePicker();
  if (picker) {
    let handle;
    try {
      handle = await picker({
        suggestedName: request.fileName,
        types: [{ description: request.description, accept: { [request.mimeType]: [`.${request.extension}`] } }],
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      throw error;
    }
    const writable = await handle.createWritable();
    try {
      // Each write is awaited: the next page is read only once this one is on its way to the disk.
      for await (const chunk of request.chunks()) await writable.write(chunk);
    } catch (error) {
      await writable.abort(error).catch(() => undefined);
      throw error;
    }
    await writable.close();
    return 'streamed';
  }
  const parts: string[] = [];
  for await (const chunk of request.chunks()) parts.push(chunk);
  const url = URL.createObjectURL(new Blob(parts, { type: request.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = request.fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return 'downloaded';
}
