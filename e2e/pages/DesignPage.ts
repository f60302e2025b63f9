import type { Locator, Page } from '@playwright/test';
import { expect } from '../expect';

/** The Design tab, found by roles and names: the Designs list, the open design, its entities and their key templates. */
export class DesignPage {
  readonly tab: Locator;
  readonly designs: Locator;
  readonly entities: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Design', exact: true });
    this.designs = page.getByRole('region', { name: 'Designs' });
    this.entities = page.getByRole('region', { name: 'Entities' });
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await this.designs.waitFor();
  }

  /** A design's button in the Designs list (the open one has aria-current). */
  designButton(name: string): Locator {
    return this.designs.getByRole('button', { name, exact: true });
  }

  /**
   * After a load or reload: waits until the saved designs have been read, seen as `name` (a design only the saved list
   * has, or one other than the first example) being the open design. Until then the built-in examples show, so a check
   * right after a reload may pass or fail on them; reading follows the app's code and IndexedDB: seconds on a loaded machine.
   */
  async savedDesignsRead(name: string): Promise<void> {
    await expect(this.designButton(name)).toHaveAttribute('aria-current', 'true', { timeout: 30_000 });
  }

  async openDesign(name: string): Promise<void> {
    await this.designButton(name).click();
  }

  async newDesign(name: string): Promise<void> {
    await this.designs.getByRole('button', { name: 'New design' }).click();
    await this.renameOpenDesign(name);
  }

  async renameOpenDesign(name: string): Promise<void> {
    await this.designs.getByRole('button', { name: 'Rename' }).click();
    await this.designs.getByRole('textbox', { name: 'New name' }).fill(name);
    await this.designs.getByRole('button', { name: 'Save name' }).click();
  }

  /** The entity's list item in the Entities region (its accessible name is the entity's name). */
  entity(name: string): Locator {
    return this.entities.getByRole('listitem', { name, exact: true });
  }

  async addEntity(name: string): Promise<void> {
    await this.entities.getByRole('textbox', { name: 'New entity name' }).fill(name);
    await this.entities.getByRole('button', { name: 'Add entity' }).click();
    await this.entity(name).waitFor();
  }

  /** The template input of one key attribute of an entity ("SK template"). */
  template(entity: string, attribute: string): Locator {
    return this.entity(entity).getByRole('textbox', { name: `${attribute} template`, exact: true });
  }

  /** Everything about one key attribute of an entity: its template, segments and width advisor. */
  keyGroup(entity: string, attribute: string): Locator {
    return this.entity(entity).getByRole('group', { name: `${attribute} key`, exact: true });
  }

  /** The raw-vs-encoded order and the module export of one sort-key template. */
  orderGroup(entity: string, attribute: string): Locator {
    return this.entity(entity).getByRole('group', { name: `${attribute} order`, exact: true });
  }

  /** The input for a field of an entity's sample row (1-based). */
  sampleValue(entity: string, field: string, row: number): Locator {
    return this.entity(entity).getByRole('textbox', { name: `${field}, row ${row}`, exact: true });
  }

  async addSampleRow(entity: string): Promise<void> {
    await this.entity(entity).getByRole('button', { name: 'Add row' }).click();
  }
}

/** The open design's Versions region: its kept revisions (one row each), Restore and Compare. */
export class VersionsPage {
  readonly region: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole('region', { name: 'Versions' });
    this.rows = this.region.getByRole('row', { name: /^Revision \d+/ });
  }

  /** One revision's row ("Revision 3", "Revision 3 (current)", with its name if any). */
  row(revision: number): Locator {
    return this.region.getByRole('row', { name: new RegExp(`^Revision ${revision}\\b`) });
  }

  async restore(revision: number): Promise<void> {
    await this.row(revision).getByRole('button', { name: 'Restore', exact: true }).click();
  }

  async compare(revision: number): Promise<void> {
    await this.row(revision).getByRole('button', { name: 'Compare', exact: true }).click();
  }
}
