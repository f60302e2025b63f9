import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { importWorkbenchModel } from '.';
import { reviewDesign } from '../review';

it('explore', () => {
  for (const file of ['an-online-shop', 'single-table-facets', 'two-tables', 'gsi-include', 'missing-metadata', 'version-1']) {
    const text = readFileSync(`src/design/interchange/fixtures/${file}.json`, 'utf8');
    const result = importWorkbenchModel(text);
    if (!result.ok) { console.log(file, 'FAILED', result.errors); continue; }
    const lines: string[] = [`== ${file}`];
    for (const table of result.design.tables) for (const entity of table.entities) lines.push(`  ${entity.name}: ${JSON.stringify(entity.keys)}`);
    for (const finding of reviewDesign({ design: result.design })) lines.push(`  [${finding.severity}] ${finding.code}: ${finding.message}`);
    console.log(lines.join('\n'));
  }
});

import { EXAMPLE_DESIGNS } from '../examples';
import { exportWorkbenchModel, KEYLAB_EXTENSION_FIELD } from '.';
import { execSync } from 'node:child_process';

it('explore examples', () => {
  const extra: string[] = [];
  try { extra.push(...execSync('git show corpus:corpus 2>/dev/null | head -0').toString().split('\n').filter(Boolean)); } catch { /* none */ }
  for (const { id, design } of EXAMPLE_DESIGNS) {
    const model = JSON.parse(exportWorkbenchModel(design).text) as Record<string, unknown>;
    delete model[KEYLAB_EXTENSION_FIELD];
    const result = importWorkbenchModel(JSON.stringify(model));
    if (!result.ok) { console.log(id, 'FAILED', result.errors); continue; }
    const lines: string[] = [`== example ${id}`];
    design.tables.forEach((table, t) => table.entities.forEach((entity) => {
      const back = result.design.tables[t]!.entities.find((e) => e.name === entity.name);
      lines.push(`  ${entity.name}: authored ${JSON.stringify(entity.keys)}\n    inferred ${JSON.stringify(back?.keys)}`);
    }));
    for (const finding of reviewDesign({ design: result.design })) if (/width|Width/.test(finding.code)) lines.push(`  [${finding.severity}] ${finding.code}: ${finding.message}`);
    console.log(lines.join('\n'));
  }
});
