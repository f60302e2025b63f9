import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { importWorkbenchModel, parseDesignDocument, serializeDesignDocument, type JsonItem } from '../src/design';
import { expect, test } from './fixtures';
import { DesignImportExportPage, IMPORT_OUTCOME } from './pages/DesignImportExportPage';
import { savedDesignNames } from './savedDesigns';
import { expectOk } from '../src/errors/testing';

const FIXTURES = path.join(import.meta.dirname, '../src/design/interchange/fixtures');

/** Every item's table keys as text, wherever the model lists it (its table's TableData, a facet's, or both): what a re-import must reproduce. */
function keysOf(model: { DataModel: { TableData?: JsonItem[]; TableFacets?: { TableData?: JsonItem[] }[] }[] }): string[] {
  return model.DataModel.flatMap((table) =>
    [...(table.TableData ?? []), ...(table.TableFacets ?? []).flatMap((facet) => facet.TableData ?? [])].map((item) => JSON.stringify([item.PK, item.SK])),
  );
}

test('imports a Workbench model with its Import report, and exports it again as a model that re-imports to the same keys', async ({ page }) => {
  const design = new DesignImportExportPage(page);
  await design.open();
  await design.importFile(path.join(FIXTURES, 'single-table-facets.json'));

  await expect(design.importReport.getByRole('status')).toHaveText(
    'Imported “Shop” from single-table-facets.json; it is open in the Designs list.',
    IMPORT_OUTCOME,
  );
  await expect(design.importReport).toContainText('Table Shop: PK (S) / SK (S), 0 GSIs, 7 items, 3 entities');
  await expect(design.importReport).toContainText('SK: ORDER#{at:iso}#{orderId} (from 3 sample keys)');
  await expect(design.importReport).toContainText('Entity Address: 2 samples');

  await expect(design.exportFormat.getByRole('option')).toHaveText([
    'Keylab design (JSON)',
    'NoSQL Workbench model (JSON)',
    'CloudFormation (YAML)',
    'CloudFormation (JSON)',
    'CreateTable input (JSON)',
    'ElectroDB entities (TypeScript)',
    'dynamodb-toolbox entities (TypeScript)',
    'OneTable schema',
  ]);
  await design.exportFormat.selectOption({ label: 'NoSQL Workbench model (JSON)' });
  const downloading = page.waitForEvent('download');
  await design.downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Shop.json');
  const exported = await readFile(await download.path(), 'utf8');

  const original = JSON.parse(await readFile(path.join(FIXTURES, 'single-table-facets.json'), 'utf8'));
  const reexported = JSON.parse(exported);
  expect(reexported.ModelMetadata).toMatchObject({ AWSService: 'Amazon DynamoDB', Version: '3.0' });
  // Every item, each once (the original lists some in both its TableData and a facet), where the original had it.
  expect(keysOf(reexported).sort()).toEqual([...new Set(keysOf(original))].sort());
  const again = importWorkbenchModel(exported, { fileName: 'Shop.json' });
  expectOk(again);
  expect(again.design.tables[0]!.entities.map((entity) => entity.keys.SK)).toEqual([
    'CUSTOMER#{customerId}',
    'ORDER#{at:iso}#{orderId}',
    'ADDRESS#{addressId}',
  ]);

  // The other formats download too: a Keylab design file and a CloudFormation template.
  for (const [label, fileName, check] of [
    [
      'Keylab design (JSON)',
      'Shop.keylab.json',
      (text: string) => {
        expect(JSON.parse(text)).toMatchObject({ format: 'keylab.design/1', name: 'Shop' });
        // The canonical layout keylab format writes: one sample per line, a final newline, nothing else to change.
        expect(text).toMatch(/^ {12}\{"id": "[^"\n]+", "values": \{[^\n]*\},?$/m);
        const read = parseDesignDocument(text);
        expect(read.ok && serializeDesignDocument(read.design)).toBe(text);
      },
    ],
    ['CloudFormation (YAML)', 'Shop.cloudformation.yaml', (text: string) => expect(text).toContain('AWS::DynamoDB::Table')],
  ] as const) {
    await design.exportFormat.selectOption({ label });
    const next = page.waitForEvent('download');
    await design.downloadButton.click();
    const file = await next;
    expect(file.suggestedFilename()).toBe(fileName);
    check(await readFile(await file.path(), 'utf8'));
  }
});

test('a broken file shows its line and column and imports nothing', async ({ page }) => {
  const design = new DesignImportExportPage(page);
  await design.open();
  const designsBefore = await savedDesignNames(page);
  await design.importFile(path.join(FIXTURES, 'broken.json'));

  await expect(design.importErrors).toContainText('Nothing was imported: broken.json has 1 problem.', IMPORT_OUTCOME);
  // The position is said once: the message already names it.
  await expect(design.importErrors.getByRole('listitem')).toHaveText([/^broken\.json is not valid JSON at line 6, column 7: /]);
  await expect(design.importReport).toHaveCount(0);
  expect(await savedDesignNames(page)).toEqual(designsBefore);
});

test('Import design… opens the file chooser within its click, and shows the Design file input it fills', async ({ page }) => {
  const design = new DesignImportExportPage(page);
  await design.open();
  await expect(design.designFile).toBeHidden();
  expect(await design.opensTheFileChooser()).toBe(true);
  await expect(design.designFile).toBeVisible();
});
