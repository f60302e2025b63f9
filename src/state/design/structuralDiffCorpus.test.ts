import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS, importDesignFile, type Design } from '../../design';
import { diffDesigns, type StructuralChange } from '../../design/diff';
import { withIndex, withTable, withTemplate } from '../../design/diff/designEdits.fixtures';

/**
 * The structural diff over realistic designs: the built-in examples, the
 * Workbench fixtures and the labelled review corpus (corpus/review), as
 * Import design… reads them (the pure core's tests have no import.meta.glob).
 */
/** The Workbench fixtures and the review corpus, as Import design… reads them. */
const FILES = Object.entries({
  ...import.meta.glob<string>('../../design/interchange/fixtures/*.json', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../../corpus/review/*.json', { query: '?raw', import: 'default', eager: true }),
})
  .map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text] as const)
  .filter(([file]) => file !== 'labels.json' && file !== 'knownGaps.json');

function realisticDesigns(): { name: string; design: Design }[] {
  const designs = EXAMPLE_DESIGNS.map(({ id, design }) => ({ name: id, design: design as Design }));
  for (const [name, text] of FILES) {
    const imported = importDesignFile(text, name);
    if (imported.ok) designs.push({ name, design: imported.design });
  }
  return designs;
}

const structural = (changes: readonly StructuralChange[]) => changes.filter((change) => change.area !== 'finding');

describe('diffDesigns on realistic designs', () => {
  it('finds no change between a design and itself (every example, Workbench fixture and corpus design)', () => {
    const designs = realisticDesigns();
    expect(designs.length).toBeGreaterThan(80);
    for (const { name, design } of designs) {
      const diff = diffDesigns(design, structuredClone(design));
      expect({ name, changes: diff.changes }).toEqual({ name, changes: [] });
      expect(diff.summary).toBe('No changes.');
    }
  });

  it('two realistic edits at once on every design with a GSI and a sort key: the GSI says "new index and backfill", the template lists every sample', () => {
    let checked = 0;
    for (const { name, design } of realisticDesigns()) {
      const table = design.tables[0];
      const gsi = table?.indexes.find((index) => index.kind === 'GSI');
      const entity = table?.entities.find((candidate) => table.sortKey && candidate.keys[table.sortKey.name] !== undefined && candidate.samples.length > 1);
      if (!table?.sortKey || !gsi || !entity) continue;
      const sortKey = table.sortKey.name;
      const after = withTable(design, (edited) =>
        withTemplate(
          withIndex(edited, gsi.name, (index) => ({ ...index, projection: { type: 'KEYS_ONLY', attributes: [] }, name: index.name })),
          entity.name,
          sortKey,
          `X#${entity.keys[sortKey] ?? ''}`,
        ),
      );
      const changes = structural(diffDesigns(design, after).changes);
      const index = changes.find((change) => change.area === 'index');
      const template = changes.find((change) => change.area === 'template' && change.verdict === 'rewriteKeys');
      if (gsi.projection.type !== 'KEYS_ONLY') expect({ name, label: index?.verdictLabel }).toEqual({ name, label: 'new index and backfill' });
      expect({ name, items: template?.moves?.[0]?.items.length }).toEqual({ name, items: entity.samples.length });
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});
