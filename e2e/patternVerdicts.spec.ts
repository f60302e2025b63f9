import { readFile, writeFile } from 'node:fs/promises';
import { serializeDesignDocument } from '../src/design';
import { scoresDesign } from '../src/design/accessPatterns/accessPatterns.fixtures';
import { buildSlides } from '../src/design/present';
import { expect, test } from './fixtures';
import { AccessPatternsPage } from './pages/AccessPatternsPage';
import { DesignImportExportPage } from './pages/DesignImportExportPage';

/**
 * The false pass, as a user meets it: a design file whose sort key is
 * SCORE#{score} (the score a plain string field) and whose pattern asks for
 * the top 3 scores, highest first. The Query returns 9, 75, 240; the pattern
 * list, the slide and the review document all say it fails, and why.
 */

const PATTERN = 'Top 3 scores of a season, highest first';
const REASON = '9 is 1st but the highest score, 1500, should come first; the top 3 by score are 1500, 240, 75.';

test('a design file with SCORE#{score}: the top-3 pattern fails with the true top 3, on the list, the slide and in the review', async ({ page }, testInfo) => {
  const file = testInfo.outputPath('season-scores.keylab.json');
  const design = scoresDesign();
  await writeFile(file, serializeDesignDocument(design));
  const importExport = new DesignImportExportPage(page);
  await importExport.open();
  await importExport.importFile(file);
  await expect(page.getByRole('textbox', { name: 'Design name' })).toHaveValue('Season scores', { timeout: 15_000 });

  const patterns = new AccessPatternsPage(page);
  await patterns.run();
  await expect(patterns.verdict(PATTERN)).toHaveText('fails');
  await expect(patterns.reasons(PATTERN)).toHaveText(REASON);
  await expect(patterns.pattern(PATTERN)).toContainText('ordered by score (highest first)');
  await expect(patterns.pattern(PATTERN).getByRole('list', { name: 'Returned items' }).getByRole('listitem')).toHaveText([
    /SK SCORE#9$/,
    /SK SCORE#75$/,
    /SK SCORE#240$/,
  ]);
  await expect(patterns.region.getByRole('status')).toHaveText('0 of 1 pass.');

  // The review document shows the same verdict and reason.
  const downloading = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Import and export' }).getByRole('button', { name: 'Export review' }).click();
  const markdown = await readFile((await (await downloading).path())!, 'utf8');
  expect(markdown).toContain('**Verdict:** fails');
  expect(markdown).toContain(REASON);

  // And the pattern's slide.
  const slide = buildSlides(design).findIndex((candidate) => candidate.kind === 'accessPattern') + 1;
  await page.goto(`/#present=${slide}`);
  const presentation = page.getByRole('region', { name: 'Presentation' });
  await expect(presentation.getByRole('heading', { level: 2 })).toHaveText(PATTERN);
  await expect(presentation.getByRole('region', { name: 'Result' })).toContainText('fails');
  await expect(presentation.getByRole('region', { name: 'Result' })).toContainText(REASON);
});
