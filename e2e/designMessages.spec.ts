import type { Page } from '@playwright/test';
import { LEADERBOARD_DESIGN, serializeDesignDocument, SHOP_DESIGN, type Design } from '../src/design';
import { encodeShareFragment } from '../src/design/share';
import { expect, test } from './fixtures';
import { DesignImportExportPage } from './pages/DesignImportExportPage';
import { DesignPage } from './pages/DesignPage';
import { AccessPatternsPage } from './pages/AccessPatternsPage';
import { expectOk } from '../src/errors/testing';

/**
 * What Import design… and a share link say, as a user meets it: each problem
 * with its path and place in the file, names that can't spoof their reading
 * order, copies that never share a name, and bytes that are not UTF-8 refused.
 */

/** Answers the Import design… file chooser with a file made here. */
async function importBytes(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.getByRole('button', { name: 'Import design…' }).click();
  await page.getByLabel('Design file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(bytes) });
}

const text = (value: string) => new TextEncoder().encode(value);

test('the import alert names each problem’s path with its line and column', async ({ page }) => {
  const design = new DesignImportExportPage(page);
  await design.open();
  const document = JSON.parse(serializeDesignDocument(SHOP_DESIGN));
  for (const entity of document.tables[0].entities) entity.name = 42;
  const file = JSON.stringify(document, null, 2);
  const lines = file.split('\n');
  const where = (index: number) => {
    // The n-th `"name": 42` in the file: where the alert must point.
    const line = lines.map((content, at) => [content, at] as const).filter(([content]) => content.includes('"name": 42'))[index]![1];
    return `line ${line + 1}, column ${lines[line]!.indexOf('"name"') + 1}`;
  };
  await importBytes(page, 'shop.keylab.json', text(file));
  const items = design.importErrors.getByRole('listitem');
  await expect(items).toHaveText(
    [0, 1, 2].map((index) => `tables[0].entities[${index}].name (${where(index)}): must be text ("name": "…"), not the number 42.`),
  );
  await expect(design.importErrors).toContainText('Nothing was imported: shop.keylab.json has 3 problems.');
});

test('the Import report shows a right-to-left override in a design name as a marker; a second import of the same name is kept beside it as its copy', async ({
  page,
}) => {
  const design = new DesignImportExportPage(page);
  const designs = new DesignPage(page);
  await design.open();
  const file = text(serializeDesignDocument({ ...SHOP_DESIGN, name: 'invoice\u202Egnp.exe' }));
  await importBytes(page, 'invoice.json', file);
  const status = design.importReport.getByRole('status');
  await expect(status).toHaveText('Imported “invoice⟨U+202E⟩gnp.exe” from invoice.json; it is open in the Designs list.');
  await expect(design.importReport).toContainText('Keylab design "invoice⟨U+202E⟩gnp.exe": 1 table, 3 entities');
  await expect(status.locator('.invisible-char').first()).toHaveAttribute('title', 'U+202E right-to-left override');
  await expect(status.locator('bdi').first()).toHaveCSS('unicode-bidi', 'isolate');
  expect(await design.importReport.evaluate((element) => element.textContent)).not.toContain('\u202E');
  await expect(designs.designButton('invoice⟨U+202E⟩gnp.exe')).toHaveAttribute('aria-current', 'true');
  // The name field shows its value raw (it is for editing): a note under it says how it reads.
  await expect(page.getByText('The name holds invisible or direction-changing characters; it reads: invoice⟨U+202E⟩gnp.exe')).toBeVisible();

  await importBytes(page, 'invoice.json', file);
  await expect(status).toHaveText(
    'Imported “invoice⟨U+202E⟩gnp.exe” from invoice.json as “invoice⟨U+202E⟩gnp.exe (copy)” (a design named “invoice⟨U+202E⟩gnp.exe” was already in the list, and is unchanged); it is open in the Designs list.',
  );
  await expect(designs.designButton('invoice⟨U+202E⟩gnp.exe (copy)')).toHaveAttribute('aria-current', 'true');
  await expect(designs.designButton('invoice⟨U+202E⟩gnp.exe')).toHaveCount(1);
  expect(await page.locator('#view-design').evaluate((element) => element.textContent)).not.toContain('\u202E');
});

test('a design file that is not UTF-8 is refused with the byte offset, not imported with U+FFFD', async ({ page }) => {
  const design = new DesignImportExportPage(page);
  await design.open();
  const bytes = text(serializeDesignDocument({ ...SHOP_DESIGN, name: 'Caf#' }));
  const at = bytes.indexOf(0x23);
  bytes[at] = 0xe9; // "Café" saved as Latin-1
  await importBytes(page, 'latin1.json', bytes);
  await expect(design.importErrors.getByRole('listitem')).toHaveText([
    `latin1.json is not UTF-8 text: the bytes at offset ${at} (line 3: 0xE9 0x22 0x2C 0x0A) are not UTF-8, so nothing was read rather than replace them. Save the file as UTF-8 (in most editors: Save with encoding → UTF-8) and import it again.`,
  ]);
  await expect(design.importReport).toHaveCount(0);
  await expect(new DesignPage(page).designs).not.toContainText('Caf\uFFFD');
});

test('Make a copy of a shared design named like a saved one, twice: "(copy)", then "(copy 2)"', async ({ page }) => {
  const encoded = encodeShareFragment(LEADERBOARD_DESIGN);
  expectOk(encoded);
  const designs = new DesignPage(page);
  await designs.open();
  await expect(designs.designButton(LEADERBOARD_DESIGN.name)).toBeVisible();
  for (const expected of [`${LEADERBOARD_DESIGN.name} (copy)`, `${LEADERBOARD_DESIGN.name} (copy 2)`]) {
    await page.goto(`/#${encoded.fragment}`);
    await page
      .getByRole('region', { name: /Shared design \(read-only\)/ })
      .getByRole('button', { name: 'Make a copy' })
      .click();
    await expect(designs.designButton(expected)).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
  }
  await expect(designs.designButton(LEADERBOARD_DESIGN.name)).toHaveCount(1);
  // Duplicate counts on from the same name.
  await designs.designs.getByRole('button', { name: 'Duplicate' }).click();
  await expect(designs.designButton(`${LEADERBOARD_DESIGN.name} (copy 3)`)).toHaveAttribute('aria-current', 'true');
});

const RLO = '\u202E';
/** The Leaderboard with a right-to-left override in every name and text a design file may carry. */
const SPOOFING: Design = {
  ...LEADERBOARD_DESIGN,
  name: `Ladder${RLO}gnp.exe`,
  tables: LEADERBOARD_DESIGN.tables.map((table) => ({
    ...table,
    description: `About${RLO}txt`,
    entities: table.entities.map((entity) => ({
      ...entity,
      name: `Run${RLO}x`,
      samples: entity.samples.map((sample) => ({ ...sample, values: { ...sample.values, playerId: `p${RLO}x` } })),
    })),
    accessPatterns: table.accessPatterns.map((pattern) => ({
      ...pattern,
      entities: [`Run${RLO}x`],
      name: `${pattern.name}${RLO}x`,
      description: `Why${RLO}x`,
    })),
  })),
};

/** Where the page shows `character` raw: text outside form fields (their values are for editing), and accessible names. */
async function rawOccurrences(page: Page, character: string): Promise<string[]> {
  return page.evaluate((wanted) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (node.textContent?.includes(wanted) && !parent?.closest('textarea, input')) found.push(parent?.outerHTML.slice(0, 120) ?? '');
    }
    for (const element of Array.from(document.querySelectorAll('[aria-label], [title], [alt]'))) {
      for (const name of ['aria-label', 'title', 'alt']) if (element.getAttribute(name)?.includes(wanted)) found.push(`${name} of ${element.tagName}`);
    }
    return found;
  }, character);
}

test('a design file with a right-to-left override in every name: no raw control on the Design tab, its review document or its presentation', async ({
  page,
}) => {
  test.slow();
  const design = new DesignImportExportPage(page);
  await design.open();
  await importBytes(page, 'ladder.json', text(serializeDesignDocument(SPOOFING)));
  await expect(design.importReport.getByRole('status')).toContainText('Imported “Ladder⟨U+202E⟩gnp.exe”');
  const patterns = new AccessPatternsPage(page);
  await patterns.run();
  const review = page.getByRole('region', { name: 'Review document' });
  await expect(review.getByRole('table', { name: 'Sample result of Top scores of a season, highest first⟨U+202E⟩x' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Entities' }).getByRole('listitem', { name: 'Run⟨U+202E⟩x', exact: true })).toBeVisible();
  expect(await rawOccurrences(page, RLO)).toEqual([]);

  await page.getByRole('button', { name: 'Present', exact: true }).click();
  const presentation = page.getByRole('region', { name: 'Presentation' });
  await expect(presentation).toContainText('Ladder⟨U+202E⟩gnp.exe');
  for (let slide = 0; slide < 8; slide++) {
    expect(await rawOccurrences(page, RLO)).toEqual([]);
    const next = presentation.getByRole('button', { name: 'Next slide' });
    if (await next.isDisabled()) break;
    await next.click();
  }
});

test('the notice about a saved design with problems names the path and shows a bidi control in its name as a marker', async ({ page }) => {
  const { tables, ...rest } = LEADERBOARD_DESIGN;
  const design = { ...rest, name: `Ladder${RLO}gnp.exe`, tables: tables.map((table) => ({ ...table, name: 'ab' })) };
  const saved = { state: { designs: [{ id: 'd1', design, updatedAt: '2026-06-23T10:00:00.000Z' }], openDesignId: 'd1' }, version: 1 };
  await page.addInitScript((value) => localStorage.setItem('keylab.designs', value), JSON.stringify(saved));
  await page.goto('/');
  const notice = page.locator('.notices[role="alert"]');
  await expect(notice).toContainText('Saved design "Ladder⟨U+202E⟩gnp.exe" has problems to fix: tables[0].name: table name "ab" is 2 characters long');
  expect(await rawOccurrences(page, RLO)).toEqual([]);
});
