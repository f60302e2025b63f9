import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures';
import { DesignImportExportPage, entityCodeEntity, IMPORT_OUTCOME } from './pages/DesignImportExportPage';
import { DesignPage } from './pages/DesignPage';

/** Clicks Download and collects every file it saves (the entity code of one library is several files). */
async function downloadAll(design: DesignImportExportPage, count: number): Promise<Download[]> {
  const downloads: Download[] = [];
  const all = new Promise<void>((resolve) => {
    const take = (download: Download) => {
      downloads.push(download);
      if (downloads.length === count) {
        design.page.off('download', take);
        resolve();
      }
    };
    design.page.on('download', take);
  });
  await design.downloadButton.click();
  await all;
  return downloads;
}

test('exports the Leaderboard’s Run entity as each library’s code, its keys built by the design’s own key builders', async ({ page }) => {
  const designs = new DesignPage(page);
  const design = new DesignImportExportPage(page);
  await designs.open();
  await designs.openDesign('Leaderboard');
  await design.exportFormat.selectOption({ label: 'OneTable schema' });
  const entity = entityCodeEntity(page);
  await expect(entity.getByRole('option')).toHaveText(['All entities', 'Run']);
  await entity.selectOption({ label: 'Run' });

  const [builder, schema] = await downloadAll(design, 2);
  expect([builder!.suggestedFilename(), schema!.suggestedFilename()]).toEqual(['leaderboard.keys.ts', 'leaderboard.onetable.ts']);
  const builderText = await readFile(await builder!.path(), 'utf8');
  const schemaText = await readFile(await schema!.path(), 'utf8');
  // The rank key's template and its builder, imported by the schema's value hook; the season key a OneTable value template.
  expect(builderText).toContain('{score:int(10)}#{ts:epoch(16)}#{playerId}');
  expect(builderText).toContain('export function encodeRunRankKey(');
  expect(schemaText).toContain('import * as keys from "./leaderboard.keys";');
  expect(schemaText).toContain('keys.encodeRunRankKey(');
  expect(schemaText).toContain('leaderboardId: { type: "string", value: "SEASON#${season}" }');
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded leaderboard.keys.ts, leaderboard.onetable.ts.' })).toBeVisible();

  // ElectroDB and dynamodb-toolbox: the same keys module, imported by the entity code, whose keys call its builders.
  for (const [label, fileName, calls] of [
    ['ElectroDB entities (TypeScript)', 'leaderboard.electrodb.ts', 'set: (_value: unknown, item: Record<string, unknown>) => encodeRunRankKey({'],
    ['dynamodb-toolbox entities (TypeScript)', 'leaderboard.dynamodb-toolbox.ts', '.link<typeof schema>((input) => encodeRunRankKey({'],
  ] as const) {
    await design.exportFormat.selectOption({ label });
    await expect(entity).toHaveValue('0:0'); // the Entity choice stays on Run
    const [keys, code] = await downloadAll(design, 2);
    expect([keys!.suggestedFilename(), code!.suggestedFilename()]).toEqual(['leaderboard.keys.ts', fileName]);
    expect(await readFile(await keys!.path(), 'utf8')).toBe(builderText);
    const codeText = await readFile(await code!.path(), 'utf8');
    expect(codeText).toContain('import { encodeRunLeaderboardId, encodeRunRankKey } from "./leaderboard.keys";');
    expect(codeText).toContain(calls);
  }
});

test('imports ElectroDB entities from a TypeScript module, read without running it, with its Import report', async ({ page }) => {
  const design = new DesignImportExportPage(page);
  await design.open();
  await design.importFile(path.join(import.meta.dirname, '../src/design/interchange/fixtures/electrodb/taskapp.ts'));
  await expect(design.importReport.getByRole('status')).toHaveText('Imported “taskapp” from taskapp.ts; it is open in the Designs list.', IMPORT_OUTCOME);
  await expect(design.importReport).toContainText('ElectroDB module taskapp.ts: 2 entities in 1 table, read without running the module.');
  await expect(design.importReport).toContainText('gsi1sk: $workplaces#employees_1#team_{team}#title_{title}#employee_{employee}');
  await expect(design.importReport).toContainText('attributes.employee.default: a function (() => Math.random().toString(36).slice(2)) at line 19, column 44');
});
