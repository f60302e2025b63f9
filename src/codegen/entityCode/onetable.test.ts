import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS, importOneTableSchema, LEADERBOARD_DESIGN, SHOP_DESIGN, type Design, type TableDesign } from '../../design';
import { HOSTILE_NAMES_DESIGN } from './entityCode.fixtures';
import type { EntityCodeLibrary } from './entityCode.types';
import { generateEntityCode } from './generateEntityCode';
import { oneTableSchemaOf } from './oneTableSchema';
import { expectOk } from '../../errors/testing';

function files(design: Design, options: { table?: string; entity?: string } = {}, library: EntityCodeLibrary = 'onetable') {
  const result = generateEntityCode(design, { library, ...options });
  expectOk(result);
  return result.files;
}

/** A design whose keys are all text fields and literals: OneTable's own value templates write them exactly. */
const PLAIN: Design = {
  ...SHOP_DESIGN,
  name: 'Plain shop',
  tables: SHOP_DESIGN.tables.map((table): TableDesign => ({
    ...table,
    entities: table.entities.map((entity) => ({
      ...entity,
      keys: Object.fromEntries(Object.entries(entity.keys).map(([attribute, template]) => [attribute, template.replace(/\{at:iso\}/g, '{at}')])),
    })),
  })),
};

describe('the OneTable schema export', () => {
  it('writes the Leaderboard: a value template where the template is plain, the design key builder for the padded score and epoch', () => {
    const generated = files(LEADERBOARD_DESIGN, { entity: 'Run' });
    expect(generated.map((file) => file.fileName)).toEqual(['leaderboard.keys.ts', 'leaderboard.onetable.ts']);
    const [builder, module] = generated;
    // The key builder is the table's keys module (exportKeyDesignsModule), the one the other libraries' code imports too.
    expect(builder).toEqual(files(LEADERBOARD_DESIGN, { entity: 'Run' }, 'electrodb').find((file) => file.fileName === 'leaderboard.keys.ts'));
    expect(builder!.text).toContain('{score:int(10)}#{ts:epoch(16)}#{playerId}');
    expect(builder!.text).toContain('export function encodeRunRankKey(');
    expect(module!.text).toContain('import * as keys from "./leaderboard.keys";');
    expect(module!.text).toContain('format: "onetable:1.1.0"');
    expect(module!.text).toContain('leaderboardId: { type: "string", value: "SEASON#${season}" }');
    expect(module!.text).toContain('rankKey: { type: "string", value: true }');
    expect(module!.text).toContain('byPlayer: { hash: "playerId", sort: "ts", project: "all" }');
    expect(module!.text).toContain(
      '["Run", "rankKey", ["score", "ts", "playerId"], (fields) => keys.encodeRunRankKey(fields as Parameters<typeof keys.encodeRunRankKey>[0])]',
    );
    expect(module!.text).toContain('export function keylabValue(');
  });

  it('writes JSON too when no key needs code, and the OneTable import reads it back to the same templates', () => {
    const generated = files(PLAIN);
    expect(generated.map((file) => file.fileName)).toEqual(['shop.onetable.ts', 'shop.onetable.json']);
    const imported = importOneTableSchema(generated[1]!.text, { fileName: 'Shop.json' });
    expectOk(imported);
    const table = imported.design.tables[0]!;
    const source = PLAIN.tables[0]!;
    expect(table.entities.map((entity) => [entity.name, entity.keys])).toEqual(source.entities.map((entity) => [entity.name, entity.keys]));
    expect({ partitionKey: table.partitionKey, sortKey: table.sortKey, indexes: table.indexes }).toEqual({
      partitionKey: source.partitionKey,
      sortKey: source.sortKey,
      indexes: source.indexes,
    });
  });

  it.each(EXAMPLE_DESIGNS.map(({ design }) => [design.name, design] as const))(
    '%s: the plain keys read back to the same templates; computed keys are named as computed',
    (_name, design) => {
      const table = design.tables[0]!;
      const result = oneTableSchemaOf(table, table.entities);
      expectOk(result);
      const imported = importOneTableSchema(JSON.stringify(result.schema));
      expectOk(imported);
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
    },
  );

  it('leaves a multi-attribute GSI out, saying so, and refuses a binary key and an index named primary', () => {
    const table = LEADERBOARD_DESIGN.tables[0]!;
    const multi: TableDesign = {
      ...table,
      indexes: [
        {
          ...table.indexes[0]!,
          sortKey: [
            { name: 'score', type: 'N' },
            { name: 'ts', type: 'N' },
          ],
        },
      ],
    };
    const result = oneTableSchemaOf(multi, multi.entities);
    expect(result.ok && Object.keys(result.schema.indexes)).toEqual(['primary']);
    expect(result.ok && result.notes[0]).toMatch(/^Index byPlayer has a multi-attribute key/);
    expect(oneTableSchemaOf({ ...table, sortKey: { name: 'rankKey', type: 'B' } }, table.entities)).toEqual({
      ok: false,
      message: expect.stringMatching(/keys attribute rankKey as binary \(B\)/) as unknown,
    });
    expect(oneTableSchemaOf({ ...table, indexes: [{ ...table.indexes[0]!, name: 'primary' }] }, table.entities)).toEqual({
      ok: false,
      message: expect.stringMatching(/an index named "primary"/) as unknown,
    });
  });

  it('keeps the hostile-names design as text: the module parses, has no template literal, and no design text becomes an identifier', () => {
    const module = files(HOSTILE_NAMES_DESIGN).find((file) => file.fileName.endsWith('.onetable.ts'))!;
    const diagnostics = ts.transpileModule(module.text, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } }).diagnostics ?? [];
    expect(diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
    const identifiers = new Set<string>();
    const walk = (node: ts.Node) => {
      if (ts.isIdentifier(node)) identifiers.add(node.text);
      expect(ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)).toBe(false);
      ts.forEachChild(node, walk);
    };
    walk(ts.createSourceFile(module.fileName, module.text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS));
    for (const name of ['process', 'exit', 'alert', 'x']) expect(identifiers.has(name), name).toBe(false);
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

  it('refuses an unknown table or entity, as the other libraries do', () => {
    for (const options of [{ entity: 'Nope' }, { table: 'Nope' }]) {
      expect(generateEntityCode(LEADERBOARD_DESIGN, { library: 'onetable', ...options })).toEqual(
        generateEntityCode(LEADERBOARD_DESIGN, { library: 'electrodb', ...options }),
      );
      expect(generateEntityCode(LEADERBOARD_DESIGN, { library: 'onetable', ...options }).ok).toBe(false);
    }
  });
});
