import path from 'node:path';
import { expect, test } from './fixtures';
import { DesignImportExportPage, IMPORT_OUTCOME } from './pages/DesignImportExportPage';
import { savedDesignNames } from './savedDesigns';

const TEMPLATES = path.join(import.meta.dirname, '../src/design/interchange/fixtures/cloudformation');

test('Import design… reads a CloudFormation YAML template: the design opens with its table, keys and indexes, and the report lists what was ignored', async ({
  page,
}) => {
  const design = new DesignImportExportPage(page);
  await design.open();
  await design.importFile(path.join(TEMPLATES, 'orders-single-table.yaml'));

  await expect(design.importReport.getByRole('status')).toHaveText(
    'Imported “orders-single-table” from orders-single-table.yaml; it is open in the Designs list.',
    IMPORT_OUTCOME,
  );
  await expect(design.importReport).toContainText('CloudFormation template: 1 table (Stage-orders).');
  await expect(design.importReport).toContainText(
    'Table Stage-orders (OrdersTable, AWS::DynamoDB::Table): PK (S) / SK (S), 2 GSIs, 1 LSI, provisioned 10 RCU / 4 WCU.',
  );
  await expect(design.importReport).toContainText('Ignored resources (not DynamoDB tables): OrdersFunction (AWS::Lambda::Function).');
  await expect(design.importReport).toContainText('Ignored properties: StreamSpecification, TimeToLiveSpecification, Tags.');

  await expect(page.getByRole('textbox', { name: 'Table name' })).toHaveValue('Stage-orders');
  await expect(page.getByRole('textbox', { name: 'Partition key name' })).toHaveValue('PK');
  await expect(page.getByRole('textbox', { name: 'Sort key name' })).toHaveValue('SK');
  await expect(page.getByRole('listitem', { name: 'GSI GSI1' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Projection of ByStatus' })).toHaveValue('INCLUDE');
  await expect(page.getByRole('combobox', { name: 'Projection of ByCreatedAt' })).toHaveValue('KEYS_ONLY');
  await expect(page.getByRole('listitem', { name: 'LSI ByCreatedAt' })).toBeVisible();
});

test('a broken YAML template shows the line and column of the YAML error and imports nothing', async ({ page }) => {
  const design = new DesignImportExportPage(page);
  await design.open();
  const designsBefore = await savedDesignNames(page);
  await design.importFile(path.join(TEMPLATES, 'broken.yaml'));

  await expect(design.importErrors).toContainText('Nothing was imported: broken.yaml has 1 problem.', IMPORT_OUTCOME);
  await expect(design.importErrors.getByRole('listitem')).toHaveText([
    /^broken\.yaml: YAML error at line 7, column 7: Flow sequence in block collection must be sufficiently indented and end with a \]/,
  ]);
  await expect(design.importErrors).not.toContainText('not valid JSON');
  await expect(design.importReport).toHaveCount(0);
  expect(await savedDesignNames(page)).toEqual(designsBefore);
});
