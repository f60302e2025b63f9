import { Entity } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { compileTemplateText } from '../designKeys';
import type { Design } from '../design.types';
import { importDesignFile, IMPORT_FORMATS } from './importDesignFile';
import { importElectroDbEntities } from './importElectroDbEntities';
import { employees, tasks } from './fixtures/electrodb/taskapp';
import taskapp from './fixtures/electrodb/taskapp.ts?raw';
import { expectErr, expectOk } from '../../errors/testing';

function imported(text: string, fileName = 'entities.ts') {
  const result = importElectroDbEntities(text, { fileName });
  expectOk(result);
  return result;
}

function entityKeys(design: Design) {
  return Object.fromEntries(design.tables.flatMap((table) => table.entities.map((entity) => [entity.name, entity.keys])));
}

/** Keylab's key for a template and field values, as text. */
function encode(template: string, values: Record<string, string>): string {
  const compiled = compileTemplateText(template);
  expectOk(compiled);
  const encoded = compiled.value.encode(values);
  expectOk(encoded);
  return encoded.value;
}

describe('importElectroDbEntities: ElectroDB TaskApp, read without running it', () => {
  const result = imported(taskapp, 'taskapp.ts');
  const table = result.design.tables[0]!;

  it('maps the primary index to the table key, each index to a GSI, and the keys to ElectroDB default formats', () => {
    expect(result.design.tables).toHaveLength(1);
    expect(table).toMatchObject({ name: 'electro', partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' } });
    expect(table.indexes.map((index) => [index.name, index.partitionKey[0]!.name, index.sortKey[0]!.name])).toEqual([
      ['gsi1pk-gsi1sk-index', 'gsi1pk', 'gsi1sk'],
      ['gsi2pk-gsi2sk-index', 'gsi2pk', 'gsi2sk'],
      ['gsi3pk-gsi3sk-index', 'gsi3pk', 'gsi3sk'],
    ]);
    expect(entityKeys(result.design)).toEqual({
      employees: {
        pk: '$taskapp#employee_{employee}',
        sk: '$employees_1',
        gsi1pk: '$taskapp#office_{office}',
        gsi1sk: '$workplaces#employees_1#team_{team}#title_{title}#employee_{employee}',
        gsi2pk: '$taskapp#team_{team}',
        gsi2sk: '$employees_1#title_{title}#salary_{salary}#employee_{employee}',
        gsi3pk: '$taskapp#employee_{employee}',
        gsi3sk: '$assignments#employees_1',
      },
      tasks: {
        pk: '$taskapp#task_{task}',
        sk: '$tasks_1#project_{project}#employee_{employee}',
        gsi1pk: '$taskapp#project_{project}',
        gsi1sk: '$tasks_1#points_{points:int(4)}#employee_{employee}#task_{task}',
        gsi3pk: '$taskapp#employee_{employee}',
        gsi3sk: '$assignments#tasks_1#project_{project}',
      },
    });
    expect(table.entities[1]!.attributes).toEqual([
      { name: 'task', type: 'S' },
      { name: 'project', type: 'S' },
      { name: 'employee', type: 'S' },
      { name: 'description', type: 'S' },
      { name: 'points', type: 'N' },
    ]);
  });

  it('writes the keys ElectroDB itself writes (lower-case values, as ElectroDB stores them)', () => {
    const employee = { employee: 'e_77', firstName: 'Ada', lastName: 'L', office: 'gw-zoo', title: 'senior', team: 'development', salary: '100' } as const;
    const task = { task: 't_9', project: 'backend', employee: 'e_77', description: 'x', points: 42 } as const;
    const electro = {
      employees: employees.put(employee).params<{ Item: Record<string, unknown> }>().Item,
      tasks: tasks.put(task).params<{ Item: Record<string, unknown> }>().Item,
    };
    const values = { employees: employee, tasks: { ...task, points: '42' } };
    for (const entity of table.entities) {
      const name = entity.name as keyof typeof electro;
      for (const [attribute, template] of Object.entries(entity.keys)) {
        expect(encode(template, values[name] as Record<string, string>), `${name}.${attribute}`).toBe(electro[name][attribute]);
      }
    }
  });

  it('says what it skipped without running it and where, and reads the table name from a constant, never from code', () => {
    const notes = result.report.find((entry) => entry.scope === 'entity' && entry.entity === 'employees')!.notes.join(' ');
    expect(notes).toContain('attributes.employee.default: a function (() => Math.random().toString(36).slice(2)) at line 19, column 44');
    expect(notes).toContain('attributes.dateHired.validate: a regular expression (/^\\d{4}-\\d{2}-\\d{2}$/gi) at line 27, column 46');
    // { table } names the module's constant table = 'electro': read, not run. A name made by code is not.
    expect(result.warnings).toEqual([]);
    const fromEnv = imported(taskapp.replace("const table = 'electro';", 'const table = process.env.TABLE;'), 'taskapp.ts');
    expect(fromEnv.design.tables[0]!.name).toBe('taskapp');
    expect(fromEnv.warnings.map((warning) => [warning.message, warning.line, warning.column])).toContainEqual([
      'employees.table: the table name is the shorthand property table (a variable the reader cannot see) at line 54, column 5, which Keylab does not run: the table is called taskapp; rename it in the Design tab.',
      54,
      5,
    ]);
    expect(notes).toContain(
      'ElectroDB changes the case of these keys\' values too (its casing option, lower by default): pk (lower), gsi1pk (lower), gsi1sk (lower), gsi2pk (lower), gsi2sk (lower), gsi3pk (lower). A template keeps values as given: give values in that case, or set casing: "none" on those keys.',
    );
  });

  it('is recognised by Import design… from a module file name, and named among the formats', () => {
    const viaFile = importDesignFile(taskapp, 'taskapp.ts');
    expect(viaFile.ok && entityKeys(viaFile.design)).toEqual(entityKeys(result.design));
    expect(IMPORT_FORMATS.join(' ')).toMatch(/ElectroDB entities/);
  });
});

describe('importElectroDbEntities: the shapes a module keeps its schema in', () => {
  const schema = `{
    model: { entity: 'run', version: '2', service: 'arcade' },
    attributes: {
      season: { type: 'string' },
      score: { type: 'number', padding: { length: 10, char: '0' } },
      playerId: { type: "string" },
      nickname: { type: 'string', field: 'nick' },
      ts: { type: 'number' },
      tag: { type: 'string', label: 't' }, // a label renames the attribute in the key
    },
    indexes: {
      ranking: {
        pk: { field: 'pk', template: 'SEASON#\${season}', casing: 'none' },
        sk: { field: 'sk', composite: ['score', 'ts', 'playerId'], template: '\${score}#\${ts}#\${playerId}', casing: 'none' },
      },
      byPlayer: { index: 'gsi1', pk: { field: 'playerId', composite: ['playerId'] }, sk: { field: 'ts', composite: ['ts'] } },
      byTag: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['tag'], casing: 'upper' } },
    },
  }`;
  const expectedKeys = {
    run: { pk: 'SEASON#{season}', sk: '{score:int(10)}#{ts}#{playerId}', playerId: '{playerId}', ts: '{ts}', gsi2pk: '$ARCADE$RUN_2#T_{tag}' },
  };

  it.each([
    ['export const schema = {…} as const', `export const schema = ${schema} as const;\nexport const Run = new Entity(schema, { table: 'arcade' });`],
    [
      'a typed declaration and satisfies',
      `import { Entity, type Schema } from 'electrodb';\nconst schema: Schema<string, string, string> = ${schema} satisfies Schema<string, string, string>;\nexport const Run = new Entity(schema, { table: "arcade", client });`,
    ],
    ['export default {…}', `/* the schema alone */\nexport default ${schema};`],
    ['new electrodb.Entity({…}) with trailing commas', `module.exports = new electrodb.Entity(${schema}, { table: 'arcade', },);`],
  ])('%s', (_shape, text) => {
    const result = imported(text);
    expect(entityKeys(result.design)).toEqual(expectedKeys);
    const table = result.design.tables[0]!;
    expect(table.indexes.map((index) => [index.name, index.partitionKey, index.sortKey])).toEqual([
      ['gsi1', [{ name: 'playerId', type: 'S' }], [{ name: 'ts', type: 'N' }]],
      ['gsi2', [{ name: 'gsi2pk', type: 'S' }], []],
    ]);
    expect(table.entities[0]!.attributes).toEqual([
      { name: 'season', type: 'S' },
      { name: 'score', type: 'N' },
      { name: 'nick', type: 'S' },
      { name: 'tag', type: 'S' },
    ]);
  });

  it('writes the keys ElectroDB itself writes for templates, padding, labels, fields, casing and a numeric key', () => {
    const run = new Entity(
      {
        model: { entity: 'run', version: '2', service: 'arcade' },
        attributes: {
          season: { type: 'string' },
          score: { type: 'number', padding: { length: 10, char: '0' } },
          playerId: { type: 'string' },
          nickname: { type: 'string', field: 'nick' },
          ts: { type: 'number' },
          tag: { type: 'string', label: 't' },
        },
        indexes: {
          ranking: {
            pk: { field: 'pk', composite: ['season'], template: 'SEASON#${season}', casing: 'none' },
            sk: { field: 'sk', composite: ['score', 'ts', 'playerId'], template: '${score}#${ts}#${playerId}', casing: 'none' },
          },
          byPlayer: { index: 'gsi1', pk: { field: 'playerId', composite: ['playerId'] }, sk: { field: 'ts', composite: ['ts'] } },
          byTag: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['tag'], casing: 'upper' } },
        },
      },
      { table: 'arcade' },
    );
    const item = run
      .put({ season: '2026-SUMMER', score: 2300, playerId: 'p_7781', ts: 1719705600, tag: 'PRO' })
      .params<{ Item: Record<string, unknown> }>().Item;
    const values = { season: '2026-SUMMER', score: '2300', playerId: 'p_7781', ts: '1719705600', tag: 'PRO' };
    for (const [attribute, template] of Object.entries(expectedKeys.run)) expect(encode(template, values), attribute).toBe(String(item[attribute]));
  });
});

describe('importElectroDbEntities: what it refuses, with line and column', () => {
  const entity = (indexes: string) =>
    `export const E = new Entity({\n  model: { entity: 'e', version: '1', service: 's' },\n  attributes: { id: { type: 'string' } },\n  indexes: ${indexes},\n}, { table: 't' });\n`;

  it.each([
    [
      'a composite built by code',
      entity("{ main: { pk: { field: 'pk', composite: keysOf('id') } } }"),
      "e.indexes.main.pk.composite: an expression (keysOf('id')) at line 4, column 52 is not a list of attribute names",
      4,
      52,
    ],
    [
      'an interpolated template',
      entity("{ main: { pk: { field: `${prefix}pk`, composite: ['id'] } } }"),
      'e.indexes.main.pk.field: a template string with ${…} interpolation (`${prefix}pk`) at line 4, column 35 was not read',
      4,
      35,
    ],
    [
      'a spread of indexes',
      entity("{ ...common, main: { pk: { field: 'pk', composite: ['id'] } } }"),
      'e.indexes: a spread (...) (common) at line 4, column 14 was not read',
      4,
      14,
    ],
    [
      'a computed key',
      entity("{ [name]: { pk: { field: 'pk', composite: ['id'] } } }"),
      "e.indexes: a computed key ([…]) ([name]: { pk: { field: 'pk', composite: ['id'] } }) at line 4, column 14 was not read",
      4,
      14,
    ],
    [
      'an unknown composite attribute',
      entity("{ main: { pk: { field: 'pk', composite: ['nope'] } } }"),
      "e.indexes.main.pk: the key names the attribute nope, which the entity's attributes do not define.",
      4,
      26,
    ],
  ])('%s', (_what, text, message, line, column) => {
    const result = importElectroDbEntities(text, { fileName: 'e.ts' });
    expectErr(result);
    expect(result.errors[0]!.message.startsWith(message), result.errors[0]!.message).toBe(true);
    expect([result.errors[0]!.line, result.errors[0]!.column]).toEqual([line, column]);
  });

  it('refuses a module with no entity, and one it cannot tokenize, saying where', () => {
    const none = importElectroDbEntities('export const x = 1;', { fileName: 'x.ts' });
    expect(!none.ok && none.errors[0]!.message).toMatch(/^x\.ts has no ElectroDB entity definition Keylab can read/);
    const broken = importElectroDbEntities("export default {\n  model: { entity: 'oops },\n};", { fileName: 'b.ts' });
    expect(!broken.ok && [broken.errors[0]!.message, broken.errors[0]!.line, broken.errors[0]!.column]).toEqual([
      "b.ts cannot be read at line 2, column 20: a string is never closed (' missing before the end of the line). Nothing was imported (Keylab reads the module's object literals, never runs it).",
      2,
      20,
    ]);
  });
});

describe('importElectroDbEntities: hostile modules', () => {
  it('refuses nesting deeper than it reads, with the place, instead of exhausting the stack', () => {
    const deep = `export default { model: ${'['.repeat(100_000)}${']'.repeat(100_000)} };`;
    const result = importElectroDbEntities(deep, { fileName: 'deep.ts' });
    expect(!result.ok && result.errors[0]!.message).toMatch(/^deep\.ts cannot be read at line 1, column \d+: literals are nested more than 64 deep here/);
  });

  it('reads a huge string as a string, refusing a key whose fixed text is over the key limit', () => {
    const huge = 'x'.repeat(2_000_000);
    const text = `export default {\n  model: { entity: 'e', version: '1', service: '${huge}' },\n  attributes: { id: { type: 'string' } },\n  indexes: { main: { pk: { field: 'pk', composite: ['id'] } } },\n};`;
    const result = importElectroDbEntities(text, { fileName: 'huge.ts' });
    expect(!result.ok && [result.errors[0]!.message, result.errors[0]!.line]).toEqual([
      "e.indexes.main.pk: the key's fixed text (service, entity, labels) is 2,000,009 bytes, over DynamoDB's 2,048-byte limit for a partition key.",
      4,
    ]);
  });

  it('never sets a prototype for a __proto__ key', () => {
    const text = `export default {\n  model: { entity: 'e', version: '1', service: 's' },\n  attributes: { __proto__: { type: 'string' }, id: { type: 'string' }, constructor: { type: 'number' } },\n  indexes: { main: { pk: { field: '__proto__', composite: ['id'] }, sk: { field: 'sk', composite: ['__proto__', 'constructor'] } } },\n};`;
    const result = importElectroDbEntities(text, { fileName: 'proto.ts' });
    expect(({} as Record<string, unknown>).type).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('type');
    expectOk(result);
    const keys = result.design.tables[0]!.entities[0]!.keys;
    expect(Object.hasOwn(keys, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(keys)).toBe(Object.prototype);
    expect(keys.sk).toBe('$e_1#__proto___{__proto__}#constructor_{constructor}');
  });

  it('never runs the module: code that would throw or call out is only stepped over', () => {
    const text = `globalThis.ran = true; throw new Error('ran');\nexport const E = new Entity({ model: { entity: 'e', version: '1', service: 's' }, attributes: { id: { type: 'string', get: (v) => { globalThis.ran = true; return v; } } }, indexes: { main: { pk: { field: 'pk', composite: ['id'] } } } }, { table: 't' });`;
    const result = importElectroDbEntities(text, { fileName: 'e.js' });
    expect(result.ok).toBe(true);
    expect((globalThis as { ran?: unknown }).ran).toBeUndefined();
  });
});
