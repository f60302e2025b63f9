import type { Locator, Page } from '@playwright/test';

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

  /** Chooses a file in the Design file input (the chooser the button opens is answered with it). */
  async importFile(path: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.importButton.click();
    await (await chooser).setFiles(path);
  }
}
