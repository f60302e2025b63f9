import type { Locator, Page } from '@playwright/test';

/**
 * How long an import's outcome may take to show: the file is read in a Web Worker, then the design is saved durably in
 * IndexedDB before the report shows (seconds on a loaded machine; the default 5 s is not enough there).
 */
export const IMPORT_OUTCOME = { timeout: 30_000 };

/** Import design… and Export design on the Design tab, found by roles and names. */
export class DesignImportExportPage {
  readonly importButton: Locator;
  readonly designFile: Locator;
  readonly importReport: Locator;
  readonly importErrors: Locator;
  readonly exportFormat: Locator;
  readonly downloadButton: Locator;

  constructor(readonly page: Page) {
    this.importButton = page.getByRole('button', { name: 'Import design…' });
    this.designFile = page.getByLabel('Design file');
    this.importReport = page.getByRole('region', { name: 'Import report' });
    this.importErrors = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
    this.exportFormat = page.getByRole('combobox', { name: 'Export format' });
    this.downloadButton = page.getByRole('button', { name: 'Download', exact: true });
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await this.importButton.waitFor();
  }

  /**
   * Import design… with a file: the button shows the Design file input, which gets the file. The input is given the
   * file directly rather than through the chooser the button also opens: that chooser opens from a timer after the
   * click, and on a loaded machine it came too late for Chrome's user activation, so no chooser event ever fired
   * (`opensTheFileChooser` keeps the chooser itself tested).
   */
  async importFile(path: string): Promise<void> {
    await this.importButton.click();
    await this.designFile.setInputFiles(path);
  }

  /** Clicks Import design… and waits for the file chooser it opens. */
  async opensTheFileChooser(): Promise<boolean> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.importButton.click();
    return (await chooser).isMultiple() === false;
  }
}

/** Export design as entity code: the Entity select shown for the entity-code formats. */
export function entityCodeEntity(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Entity', exact: true });
}
