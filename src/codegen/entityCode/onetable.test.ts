import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS, importOneTableSchema, LEADERBOARD_DESIGN, SHOP_DESIGN, type Design, type TableDesign } from '../../design';
import { generateEntityCode } from './generateEntityCode';
import { oneTableSchemaOf } from './oneTableSchema';

function files(design: Design, options: { table?: string; entity?: string } = {}) {
  const result = generateEntityCode(design, { library: 'onetable', ...options });
  if (!result.ok) throw new Error(result.message);
  return result.files;
}

/** A design whose keys are all text fields and literals: OneTable's own value templates write them exactly. */
const PLAIN: Design = {
  ...SHOP_DESIGN,
  name: 'Plain shop',
  tables: SHOP_DESIGN.tables.map(
    (table): TableDesign => ({
      ...table,
      entities: table.entities.map((entity) => ({
        ...entity,
        keys: Object.fromEntries(Object.entries(entity.keys).map(([attribute, template]) => [attribute, template.replace(/\{at:iso\}/g, '{at}')])),
      })),
    }),
  ),
};

describe('the OneTable schema export', () => {
  it('writes the Leaderboard: a value template where the template is plain, the design key builder for the padded score and epoch', () => {
    const generated = files(LEADERBOARD_DESIGN, { entity: 'Run' });
    expect(generated.map((file) => file.fileName)).toEqual(['leaderboard.Run.rankKey.key.ts', 'leaderboard.onetable.ts']);
    const [builder, module] = generated;
    // The key builder is exportKeyDesignModule's, for the design's own template.
    expect(builder!.text).toContain('export const RUN_RANK_KEY_TEMPLATE = "{score:int(10)}#{ts:epoch(16)}#{playerId}";');
    expect(builder!.text).toContain('export function encodeRunRankKey(fields: RunRankKeyFields): string {');
    expect(module!.text).toContain('import * as key1 from "./leaderboard.Run.rankKey.key";');
    expect(module!.text).toContain('format: "onetable:1.1.0"');
    expect(module!.text).toContain('leaderboardId: { type: "string", value: "SEASON#${season}" }');
    expect(module!.text).toContain('rankKey: { type: "string", value: true }');
    expect(module!.text).toContain('byPlayer: { hash: "playerId", sort: "ts", project: "all" }');
    expect(module!.text).toContain('["Run", "rankKey", ["score", "ts", "playerId"], (fields) => key1.encodeRunRankKey(fields as key1.RunRankKeyFields)]');
    expect(module!.text).toContain('export function keylabValue(');
  });

  it('writes JSON too when no key needs code, and the OneTable import reads it back to the same templates', () => {
    const generated = files(PLAIN);
    expect(generated.map((file) => file.fileName)).toEqual(['plain-shop.onetable.ts', 'plain-shop.onetable.json']);
    const imported = importOneTableSchema(generated[1]!.text, { fileName: 'Shop.json' });
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    const table = imported.design.tables[0]!;
    const source = PLAIN.tables[0]!;
    expect(table.entities.map((entity) => [entity.name, entity.keys])).toEqual(source.entities.map((entity) => [entity.name, entity.keys]));
    expect({ partitionKey: table.partitionKey, sortKey: table.sortKey, indexes: table.indexes }).toEqual({ partitionKey: source.partitionKey, sortKey: source.sortKey, indexes: source.indexes });
  });

  it.each(EXAMPLE_DESIGNS.map(({ design }) => [design.name, design] as const))('%s: the plain keys read back to the same templates; computed keys are named as computed', (_name, design) => {
    const table = design.tables[0]!;
    const result = oneTableSchemaOf(table, table.entities);
    if (!result.ok) throw new Error(result.message);
    const imported = importOneTableSchema(JSON.stringify(result.schema));
    if (!imported.ok) throw new Error(imported.errors.map((error) => error.message).join('\n'));
    const computed = new Set(result.builders.map((builder) => `${builder.model}.${builder.attribute}`));
    for (const entity of table.entities) {
      const read = imported.design.tables[0]!.entities.find((candidate) => candidate.name === entity.name)!;
      for (const [attribute, template] of Object.entries(entity.keys)) {
        if (computed.has(`${entity.name}.${attribute}`)) {
          expect(read.keys[attribute]).toBeUndefined();
          expect(imported.warnings.map((warning) => warning.message)).toContain(
            `models.${entity.name}.${attribute}.value: ${attribute} is computed by the Table's value function (value: true), which the schema does not hold: its template is left out; give the entity its template in the Design tab.`,
          );
        } else {
          expect(read.keys[attribute], `${entity.name}.${attribute}`).toBe(template);
        }
      }
    }
  });

  it('leaves a multi-attribute GSI out, saying so, and refuses a binary key and an index named primary', () => {
    const table = LEADERBOARD_DESIGN.tables[0]!;
    const multi: TableDesign = { ...table, indexes: [{ ...table.indexes[0]!, sortKey: [{ name: 'score', type: 'N' }, { name: 'ts', type: 'N' }] }] };
    const result = oneTableSchemaOf(multi, multi.entities);
    expect(result.ok && Object.keys(result.schema.indexes)).toEqual(['primary']);
    expect(result.ok && result.notes[0]).toMatch(/^Index byPlayer has a multi-attribute key/);
    expect(oneTableSchemaOf({ ...table, sortKey: { name: 'rankKey', type: 'B' } }, table.entities)).toEqual({ ok: false, message: expect.stringMatching(/keys attribute rankKey as binary \(B\)/) as unknown });
    expect(oneTableSchemaOf({ ...table, indexes: [{ ...table.indexes[0]!, name: 'primary' }] }, table.entities)).toEqual({ ok: false, message: expect.stringMatching(/an index named "primary"/) as unknown });
  });

  it('keeps hostile names as text: a model or field named __proto__ stays one, comments cannot be closed', () => {
    const table = LEADERBOARD_DESIGN.tables[0]!;
    const entity = { ...table.entities[0]!, name: '__proto__ */ evil', attributes: [{ name: '__proto__', type: 'S' as const }] };
    const generated = files({ ...LEADERBOARD_DESIGN, tables: [{ ...table, entities: [entity] }] });
    const module = generated.find((file) => file.fileName.endsWith('.onetable.ts'))!;
    expect(module.text).toContain('"__proto__ */ evil": {');
    expect(module.text).toContain('["__proto__"]: { type: "string" }');
    expect(module.text).not.toMatch(/__proto__ \*\/ evil\.rankKey/);
    const result = oneTableSchemaOf(table, [entity]);
    expect(result.ok && Object.keys(result.schema.models)).toEqual(['__proto__ */ evil']);
    expect(result.ok && Object.hasOwn(result.schema.models['__proto__ */ evil']!, '__proto__')).toBe(true);
  });

  it('refuses an unknown table or entity', () => {
    expect(generateEntityCode(LEADERBOARD_DESIGN, { library: 'onetable', entity: 'Nope' })).toEqual({ ok: false, message: 'The design has no entity named Nope.' });
    expect(generateEntityCode(LEADERBOARD_DESIGN, { library: 'onetable', table: 'Nope' })).toEqual({ ok: false, message: 'The design has no table named Nope.' });
  });
});
