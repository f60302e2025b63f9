import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, SHOP_DESIGN, type Design, type EntityDesign, type TableDesign } from '../../design';
import { HOSTILE_NAMES_DESIGN, MULTI_ATTRIBUTE_GSI_DESIGN, SHOP_MULTI_ATTRIBUTE_GSI_DESIGN } from './entityCode.fixtures';
import type { EntityCodeLibrary, GeneratedFile } from './entityCode.types';
import { generateEntityCode } from './generateEntityCode';
import { expectOk } from '../../errors/testing';

/*
 * The generators' choices, read off their output; that the output
 * type-checks against the libraries and writes items at the design's keys is
 * shown by `tsc -b` on integration/entityCode/generated and by
 * integration/entityCode.test.ts against DynamoDB Local.
 */

const LIBRARIES: readonly EntityCodeLibrary[] = ['electrodb', 'dynamodb-toolbox'];

function files(design: Design, library: EntityCodeLibrary, options: { table?: string; entity?: string } = {}): GeneratedFile[] {
  const result = generateEntityCode(design, { library, ...options });
  expectOk(result);
  return [...result.files];
}

function file(design: Design, library: EntityCodeLibrary, suffix: string): string {
  const found = files(design, library).find((generated) => generated.fileName.endsWith(suffix));
  if (!found) throw new Error(`no ${suffix}`);
  return found.text;
}

function withTable(design: Design, edit: (table: TableDesign) => TableDesign): Design {
  return { ...design, tables: design.tables.map(edit) };
}

function withEntity(table: TableDesign, name: string, edit: (entity: EntityDesign) => EntityDesign): TableDesign {
  return { ...table, entities: table.entities.map((entity) => (entity.name === name ? edit(entity) : entity)) };
}

describe('generateEntityCode', () => {
  it('writes a keys module and an entity file per table, for each library', () => {
    expect(files(SHOP_DESIGN, 'electrodb').map((generated) => generated.fileName)).toEqual(['shop.keys.ts', 'shop.electrodb.ts']);
    expect(files(SHOP_DESIGN, 'dynamodb-toolbox').map((generated) => generated.fileName)).toEqual(['shop.keys.ts', 'shop.dynamodb-toolbox.ts']);
    // The same keys module for both: one set of key builders per table.
    expect(files(SHOP_DESIGN, 'electrodb')[0]).toEqual(files(SHOP_DESIGN, 'dynamodb-toolbox')[0]);
  });

  it('builds every key with the design’s template through the keys module, never a re-implementation', () => {
    const keys = file(LEADERBOARD_DESIGN, 'electrodb', '.keys.ts');
    expect(keys).toContain('export const RUN_RANK_KEY_TEMPLATE = "{score:int(10)}#{ts:epoch(16)}#{playerId}";');
    expect(keys).toContain('export function encodeRunRankKey(fields: RunRankKeyFields): string {');
    const electro = file(LEADERBOARD_DESIGN, 'electrodb', '.electrodb.ts');
    expect(electro).toContain('import { encodeRunLeaderboardId, encodeRunRankKey } from "./leaderboard.keys";');
    expect(electro).toContain('watch: ["score", "ts", "playerId"],');
    expect(electro).toContain('=> encodeRunRankKey({ score: fieldText(item["score"]), ts: fieldText(item["ts"]), playerId: fieldText(item["playerId"]) }),');
    // Attributes as indexes: the computed attribute is the key as is, no ElectroDB prefix or casing.
    expect(electro).toContain('sk: { field: "rankKey", composite: ["rankKey"], template: "${rankKey}", casing: "none" },');
    // A key that is just a field ({playerId}, {ts}) is the field itself, typed by the key (ts is N).
    expect(electro).toContain('ts: { type: "number", required: true },');
    expect(electro).toContain('pk: { field: "playerId", composite: ["playerId"], template: "${playerId}", casing: "none" },');
    const toolbox = file(LEADERBOARD_DESIGN, 'dynamodb-toolbox', '.dynamodb-toolbox.ts');
    expect(toolbox).toContain(
      '.link<typeof schema>((input) => encodeRunRankKey({ score: String(input["score"]), ts: String(input["ts"]), playerId: input["playerId"] })),',
    );
    expect(toolbox).toContain('season: string().key(),');
    expect(toolbox).toContain('byPlayer: { type: "global", partitionKey: { name: "playerId", type: "string" }, sortKey: { name: "ts", type: "number" } },');
  });

  it('links GSI keys on writes only, and keeps the primary key’s fields as the key', () => {
    const toolbox = file(SHOP_DESIGN, 'dynamodb-toolbox', '.dynamodb-toolbox.ts');
    expect(toolbox).toMatch(
      /GSI1PK: string\(\)\n\s+\.hidden\(\)\n\s+\.link<typeof schema>\(\(input\) => encodeOrderGSI1PK\(\{ status: input\["status"\] \}\)\),/,
    );
    expect(toolbox).toMatch(/PK: string\(\)\.key\(\)\n\s+\.hidden\(\)/);
    expect(toolbox).toContain('status: string(),');
    expect(toolbox).toContain('total: number().optional(),');
  });

  it('stores a key that is its own formatted field ({at:iso}) as the key builder writes it: ElectroDB set, dynamodb-toolbox transformer', () => {
    expect(file(MULTI_ATTRIBUTE_GSI_DESIGN, 'electrodb', '.electrodb.ts')).toContain(
      'at: { type: "string", required: true, set: (value?: string) => encodeRunAt({ at: fieldText(value) }) },',
    );
    expect(file(MULTI_ATTRIBUTE_GSI_DESIGN, 'dynamodb-toolbox', '.dynamodb-toolbox.ts')).toContain(
      'at: string().transform({ encode: (value: string) => encodeRunAt({ at: value }), decode: (value) => value }),',
    );
    const padded = withTable(SHOP_DESIGN, (table) =>
      withEntity(table, 'Address', (entity) => ({ ...entity, keys: { PK: 'CUSTOMER#{customerId}', SK: '{SK:int(4)}' } })),
    );
    expect(file(padded, 'electrodb', '.electrodb.ts')).toContain(
      'SK: { type: "string", required: true, set: (value?: string) => encodeAddressSK({ SK: fieldText(value) }) },',
    );
    expect(file(padded, 'dynamodb-toolbox', '.dynamodb-toolbox.ts')).toContain(
      'SK: string().key().transform({ encode: (value: string) => encodeAddressSK({ SK: value }), decode: (value) => value }),',
    );
  });

  it('lets another template use a self-formatted key’s field when re-encoding the stored value changes nothing (the conversion’s {at:iso})', () => {
    const converted = file(SHOP_MULTI_ATTRIBUTE_GSI_DESIGN, 'electrodb', '.electrodb.ts');
    expect(converted).toContain('at: { type: "string", required: true, set: (value?: string) => encodeOrderAt({ at: fieldText(value) }) },');
    expect(converted).toContain('encodeOrderSK({ at: fieldText(item["at"]), orderId: fieldText(item["orderId"]) })');
    // A composite (multi-attribute) index lists its attributes, even a single partition attribute.
    expect(converted).toMatch(/type: "composite",\n\s+pk: \{ composite: \["status"\] \},\n\s+sk: \{ composite: \["at", "orderId"\] \},/);
    const shared = withTable(SHOP_DESIGN, (table) =>
      withEntity(table, 'Address', (entity) => ({ ...entity, keys: { PK: 'CUSTOMER#{SK}', SK: '{SK:int(4)}' } })),
    );
    expect(generateEntityCode(shared, { library: 'dynamodb-toolbox' }).ok).toBe(true);
  });

  it('says how to query an index that does not project the libraries’ own attributes', () => {
    expect(file(SHOP_DESIGN, 'electrodb', '.electrodb.ts')).toContain(
      "/** GSI1 projects INCLUDE (total): ElectroDB's __edb_e__ / __edb_v__ are not in it, so query it with { ignoreOwnership: true }. */",
    );
    expect(file(SHOP_DESIGN, 'dynamodb-toolbox', '.dynamodb-toolbox.ts')).toContain(
      '/** GSI1 projects INCLUDE (total): the entity attribute (_et) is not in it',
    );
  });

  it('writes a multi-attribute GSI key as each library’s own: ElectroDB composite indexes, dynamodb-toolbox partitionKeys / sortKeys', () => {
    expect(file(MULTI_ATTRIBUTE_GSI_DESIGN, 'electrodb', '.electrodb.ts')).toMatch(
      /bySeasonRegion: \{\n\s+index: "bySeasonRegion",\n\s+type: "composite",\n\s+pk: \{ composite: \["season", "region"\] \},\n\s+sk: \{ composite: \["score", "at"\] \},/,
    );
    expect(file(MULTI_ATTRIBUTE_GSI_DESIGN, 'dynamodb-toolbox', '.dynamodb-toolbox.ts')).toContain(
      'bySeasonRegion: { type: "global", partitionKeys: [{ name: "season", type: "string" }, { name: "region", type: "string" }], sortKeys: [{ name: "score", type: "number" }, { name: "at", type: "string" }] },',
    );
  });

  it('writes every table of a design with several (an entity name shared by two tables is fine without the entity option)', () => {
    const twoShops: Design = { ...SHOP_DESIGN, tables: [...SHOP_DESIGN.tables, { ...(SHOP_DESIGN.tables[0] as TableDesign), name: 'Shop' }] };
    expect(files(twoShops, 'electrodb').map((generated) => generated.fileName)).toEqual([
      'shop.keys.ts',
      'shop.electrodb.ts',
      'shop-2.keys.ts',
      'shop-2.electrodb.ts',
    ]);
  });

  it('generates one entity, or one table, when asked', () => {
    for (const library of LIBRARIES) {
      const only = files(SHOP_DESIGN, library, { entity: 'Address' });
      const code = only[1]?.text ?? '';
      expect(code).toContain('AddressEntity');
      expect(code).not.toContain('OrderEntity');
      expect(only[0]?.text).not.toContain('encodeOrder');
      expect(files(LEADERBOARD_DESIGN, library, { table: 'Leaderboard' })).toHaveLength(2);
    }
  });

  it('says clearly what it cannot generate', () => {
    expect(generateEntityCode(SHOP_DESIGN, { library: 'electrodb', table: 'Nope' })).toEqual({
      ok: false,
      message: 'The design has no table named "Nope": pick one of "Shop".',
    });
    expect(generateEntityCode(SHOP_DESIGN, { library: 'electrodb', entity: 'Nope' })).toEqual({
      ok: false,
      message: 'No table of the design has an entity named "Nope".',
    });
    const twoShops: Design = { ...SHOP_DESIGN, tables: [...SHOP_DESIGN.tables, { ...(SHOP_DESIGN.tables[0] as TableDesign), name: 'Shop2' }] };
    expect(generateEntityCode(twoShops, { library: 'dynamodb-toolbox', entity: 'Order' })).toEqual({
      ok: false,
      message: 'Entity "Order" is in 2 tables ("Shop", "Shop2"): pick the table too.',
    });
    const noSortKey = withTable(SHOP_DESIGN, (table) => withEntity(table, 'Address', (entity) => ({ ...entity, keys: { PK: 'CUSTOMER#{customerId}' } })));
    expect(generateEntityCode(noSortKey, { library: 'electrodb' })).toEqual({
      ok: false,
      message: 'Entity "Address" of table "Shop" has no template for the table\'s key "SK": give it one in the Design tab.',
    });
    const clash = withTable(SHOP_DESIGN, (table) =>
      withEntity(table, 'Address', (entity) => ({ ...entity, keys: { PK: 'CUSTOMER#{SK}', SK: '{SK:int(4,desc)}' } })),
    );
    expect(generateEntityCode(clash, { library: 'electrodb' })).toEqual({
      ok: false,
      message:
        'Entity "Address" of table "Shop": key attribute "SK" is built by {SK:int(4,desc)}, which uses a field of the same name: the item would need two values under one name. Rename the field or the key attribute.',
    });
  });

  it('keeps hostile names as text: the output parses, and no design text becomes code', () => {
    for (const library of LIBRARIES) {
      for (const generated of files(HOSTILE_NAMES_DESIGN, library)) {
        const source = ts.createSourceFile(generated.fileName, generated.text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
        const parseErrors =
          ts.transpileModule(generated.text, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } }).diagnostics ?? [];
        expect(
          parseErrors.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
          generated.fileName,
        ).toEqual([]);
        const identifiers = new Set<string>();
        const walk = (node: ts.Node) => {
          if (ts.isIdentifier(node)) identifiers.add(node.text);
          // Template literals in the output would evaluate `${…}` in names: there must be none.
          expect(ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node), `${generated.fileName}: ${node.getText(source)}`).toBe(false);
          ts.forEachChild(node, walk);
        };
        // The keys module's runtime (the codecs) uses template literals for its messages: check the part before it.
        const own = generated.fileName.endsWith('.keys.ts')
          ? ts.createSourceFile(generated.fileName, generated.text.split('\n// ---')[0] ?? '', ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS)
          : source;
        walk(own);
        for (const name of ['process', 'exit', 'alert', 'x']) expect(identifiers.has(name), `${generated.fileName}: identifier ${name}`).toBe(false);
      }
    }
  });

  it('reads a key attribute named __proto__ as the entity’s own template, not Object.prototype', () => {
    const electro = file(HOSTILE_NAMES_DESIGN, 'electrodb', '.electrodb.ts');
    expect(electro).toContain('["__proto__"]: {');
    expect(electro).toContain('set: (_value: unknown, item: Record<string, unknown>) => Number(encodeClassProto({ n: fieldText(item["n"]) })),');
    // Entities whose names collapse to one identifier stay apart.
    expect(electro).toContain('export const ABEntity = new Entity(');
    expect(electro).toContain('export const ABEntity2 = new Entity(');
    expect(electro).toContain('export const ItemEntity = new Entity(');
  });
});
