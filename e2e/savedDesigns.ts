import type { Page } from '@playwright/test';

/**
 * The names of the designs saved in the page's browser (IndexedDB
 * `keylab-designs`, one record per design: src/state/design/designRecords.ts),
 * as the next load would read them. Empty when nothing was ever saved.
 */
export async function savedDesignNames(page: Page): Promise<string[]> {
  return (await savedDesigns(page)).map((design) => String((design as { name?: unknown } | undefined)?.name));
}

/** The designs saved in the page's browser, whole: what a next load would open. Empty when nothing was ever saved. */
export function savedDesigns(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const request = indexedDB.open('keylab-designs');
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => (request.error?.name === 'AbortError' ? resolve([]) : reject(request.error));
        request.onsuccess = () => {
          const database = request.result;
          if (!database.objectStoreNames.contains('designs')) {
            database.close();
            return resolve([]);
          }
          const all = database.transaction('designs').objectStore('designs').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            database.close();
            resolve((all.result as { design?: unknown }[]).map((record) => record.design));
          };
        };
      }),
  );
}
