import { describe, expect, it } from 'vitest';
import { buildSampleItem, compileTemplateText, isEntityInIndex, keyRoleOf } from '..';
import { EXAMPLE_DESIGNS } from '.';
import { expectErr } from '../../errors/testing';

describe('the built-in example designs', () => {
  for (const { id, design } of EXAMPLE_DESIGNS) {
    describe(id, () => {
      for (const table of design.tables) {
        for (const entity of table.entities) {
          it(`${table.name}.${entity.name}: every template parses and every sample becomes an item`, () => {
            for (const [attribute, text] of Object.entries(entity.keys)) {
              expect(compileTemplateText(text, keyRoleOf(table, attribute)).ok, `${attribute}: ${text}`).toBe(true);
            }
            expect(isEntityInIndex(table, entity)).toBe(true);
            for (const sample of entity.samples) {
              const built = buildSampleItem(table, entity, sample);
              expect(built, sample.id).toMatchObject({ ok: true });
            }
          });
        }
        it(`${table.name}: access patterns name known entities and indexes`, () => {
          for (const pattern of table.accessPatterns) {
            for (const name of pattern.entities) expect(table.entities.map((entity) => entity.name)).toContain(name);
            if (pattern.index !== undefined) expect(table.indexes.map((index) => index.name)).toContain(pattern.index);
          }
        });
      }
    });
  }

  it('encodes the article’s leaderboard key', () => {
    const table = EXAMPLE_DESIGNS[0]!.design.tables[0]!;
    const entity = table.entities[0]!;
    const built = buildSampleItem(table, entity, { id: 'x', values: { season: '2026-SUMMER', score: '1500', ts: '1719100800', playerId: 'p_8842' } });
    expect(built).toEqual({
      ok: true,
      item: {
        leaderboardId: { S: 'SEASON#2026-SUMMER' },
        rankKey: { S: '0000001500#0000001719100800#p_8842' },
        playerId: { S: 'p_8842' },
        ts: { N: '1719100800' },
      },
    });
  });

  it('reports which key attribute and field a bad sample breaks', () => {
    const table = EXAMPLE_DESIGNS[0]!.design.tables[0]!;
    const built = buildSampleItem(table, table.entities[0]!, { id: 'x', values: { season: 'S', score: 'ten', ts: '1', playerId: 'p' } });
    expectErr(built);
    expect(built.problems[0]).toMatchObject({ attribute: 'rankKey', field: 'score' });
  });
});
