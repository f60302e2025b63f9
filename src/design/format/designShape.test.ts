import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Design } from '../design.types';
import { LEADERBOARD_DESIGN } from '../examples/leaderboardDesign';
import { SHOP_DESIGN } from '../examples/shopDesign';
import { designArbitrary } from './designArbitraryTestUtils';
import { buildDesignDocument } from './designDocument';
import { hasDesignShape } from './designShape';
import { readDesign } from './parseDesignDocument';

/*
 * hasDesignShape is the reader finding no shape error. These properties tie the two and the screens together:
 * everything the reader accepts has the shape; every value with the shape can be walked (buildDesignDocument
 * touches every field the screens do); a value of the wrong JSON type or a required field removed anywhere is
 * refused; a broken rule (an empty name, a duplicate, a template that doesn't parse) is refused by the reader
 * but keeps the shape, so a design saved mid-edit still loads.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Step = string | number;

/** Fields a `Design` may leave out (design.types.ts): removing one keeps the shape. */
const OPTIONAL = new Set([
  'sortKey',
  'provisioned',
  'attributes', // a sample's; an entity's attributes list sits under "entities" and is required (see isRequired)
  'itemCount',
  'itemSizeBytes',
  'versionAttribute',
  'valuesHigh',
  'valueHigh',
  'count',
  'orderBy',
  'index',
  'sort',
  'limit',
  'filter',
  'requestsPerSecond',
  'workbenchSource',
  'revision',
  'decisions',
  'signOffs',
]);
/** Objects keyed by the design's own names (template fields, key attributes): their entries are data, not fields. */
const RECORDS = new Set(['keys', 'values', 'valuesHigh', 'partitionValues', 'largestValues', 'maxLengths']);

/** The JSON form of a design (what the stores keep), as a mutable tree. */
const jsonOf = (design: Design): Json => JSON.parse(JSON.stringify(design)) as Json;

/** Every path in the tree, except inside a sample's DynamoDB JSON and the Workbench source (other readers' data). */
function pathsOf(value: Json, at: Step[] = []): Step[][] {
  const paths: Step[][] = at.length > 0 ? [at] : [];
  const last = at[at.length - 1];
  if (last === 'workbenchSource' || (last === 'attributes' && at[at.length - 3] === 'samples')) return paths;
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...pathsOf(item, [...at, i])));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...at, key]));
  return paths;
}

function parentOf(root: Json, path: readonly Step[]): { parent: Record<string, Json> | Json[]; key: Step } {
  let parent = root as Record<string, Json> | Json[];
  for (const step of path.slice(0, -1)) parent = (parent as Record<string, Json>)[step as string] as Record<string, Json> | Json[];
  return { parent, key: path[path.length - 1] as Step };
}

/** A value of another JSON type than `value`. */
function retyped(value: Json): Json {
  if (typeof value === 'string') return 42;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return 'text';
  return Array.isArray(value) ? {} : [];
}

/** A field of a typed object (not an entry of a record, not a list element) that a `Design` always has. */
function isRequired(path: readonly Step[]): boolean {
  const key = path[path.length - 1];
  const owner = path[path.length - 2];
  if (typeof key !== 'string' || (typeof owner === 'string' && RECORDS.has(owner))) return false;
  // An entity's "attributes" is its list of attributes (required); a sample's is its DynamoDB JSON (optional).
  if (key === 'attributes') return path[path.length - 3] !== 'samples';
  // A table's sort key is optional; an index's is a list (empty for none).
  if (key === 'sortKey') return path[path.length - 3] === 'indexes';
  return !OPTIONAL.has(key);
}

const validDesign = fc
  .oneof(designArbitrary, fc.constantFrom(LEADERBOARD_DESIGN, SHOP_DESIGN))
  .map((design) => readDesign(design))
  .filter((read) => read.ok)
  .map((read) => (read.ok ? read.design : (undefined as never)));

/** A valid design and one path in it. */
const designAndPath = validDesign.chain((design) => {
  const paths = pathsOf(jsonOf(design));
  return fc.record({ design: fc.constant(design), path: fc.constantFrom(...paths) });
});

/** Whatever the guard accepts can be walked: every list, record and field the canonical layout (and the screens) read. */
function expectWalkable(value: unknown): void {
  if (hasDesignShape(value)) expect(() => buildDesignDocument(value, 'canonical')).not.toThrow();
}

describe('hasDesignShape: the reader finding no shape error', () => {
  it('holds for everything the reader accepts, and for its own output (property)', () => {
    fc.assert(
      fc.property(designArbitrary, (design) => {
        const read = readDesign(design);
        if (read.ok) expect(hasDesignShape(read.design)).toBe(true);
        if (hasDesignShape(design)) expectWalkable(design);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a value of another JSON type anywhere, and the reader refuses it too (property)', () => {
    fc.assert(
      fc.property(designAndPath, ({ design, path }) => {
        const json = jsonOf(design);
        const { parent, key } = parentOf(json, path);
        (parent as Record<Step, Json>)[key] = retyped((parent as Record<Step, Json>)[key] as Json);
        expect({ path, shape: hasDesignShape(json) }).toEqual({ path, shape: false });
        expect(readDesign(json).ok).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a design with a required field removed, keeps one with an optional field removed (property)', () => {
    fc.assert(
      fc.property(designAndPath, ({ design, path }) => {
        const json = jsonOf(design);
        const { parent, key } = parentOf(json, path);
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete parent[key as string];
        const shaped = hasDesignShape(json);
        if (isRequired(path)) expect({ path, shape: shaped }).toEqual({ path, shape: false });
        // Removing an optional field, a list element or a record entry may break a rule (a pattern's value, a key's template), never the shape.
        else expect({ path, shape: shaped }).toEqual({ path, shape: true });
        expectWalkable(json);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps a design that only breaks rules (saved mid-edit) while the reader refuses it (property)', () => {
    const ruleBreaks = fc.constantFrom<(design: Design) => Design | undefined>(
      (design) => ({ ...design, name: '' }),
      (design) => (design.tables[0] ? { ...design, tables: [{ ...design.tables[0], name: '' }, ...design.tables.slice(1)] } : undefined),
      (design) => (design.tables[0] ? { ...design, tables: [...design.tables, design.tables[0]] } : undefined),
      (design) => {
        const [table, ...rest] = design.tables;
        const [entity] = table?.entities ?? [];
        if (!table || !entity) return undefined;
        const broken = { ...entity, name: '', keys: Object.fromEntries(Object.keys(entity.keys).map((key) => [key, '{unclosed'])) };
        // The pattern of the broken entity is read for its shape only: its rule errors would repeat the entity's.
        return { ...design, tables: [{ ...table, entities: [broken, ...table.entities.slice(1)] }, ...rest] };
      },
      (design) => {
        const [table, ...rest] = design.tables;
        const [pattern] = table?.accessPatterns ?? [];
        if (!table || !pattern) return undefined;
        return { ...design, tables: [{ ...table, accessPatterns: [{ ...pattern, id: '', entities: ['NoSuchEntity'] }, pattern] }, ...rest] };
      },
    );
    fc.assert(
      fc.property(validDesign, ruleBreaks, (design, breakRule) => {
        const midEdit = breakRule(design);
        if (!midEdit) return;
        expect(readDesign(midEdit).ok).toBe(false);
        expect(hasDesignShape(midEdit)).toBe(true);
        expectWalkable(midEdit);
      }),
      { numRuns: 100 },
    );
  });

  it('finds a shape error under a part that broke a rule (the reader reads on for the shape)', () => {
    const { format: _format, ...design } = LEADERBOARD_DESIGN;
    const table = design.tables[0]!;
    const entity = table.entities[0]!;
    // The table's name breaks a rule; an entity's samples are not a list.
    expect(hasDesignShape({ ...design, tables: [{ ...table, name: '', entities: [{ ...entity, samples: {} }] }] })).toBe(false);
    // A GSI with two many partition key attributes (a rule) whose attribute has no type (the shape).
    const index = {
      name: 'byX',
      kind: 'GSI',
      partitionKey: [1, 2, 3, 4, 5].map((i) => ({ name: `K${i}` })),
      sortKey: [],
      projection: { type: 'ALL', attributes: [] },
    };
    expect(hasDesignShape({ ...design, tables: [{ ...table, indexes: [index] }] })).toBe(false);
    expect(hasDesignShape({ ...design, tables: [{ ...table, entities: {} }] })).toBe(false);
    expect(hasDesignShape({ name: 'x', tables: [] })).toBe(false);
    expect(hasDesignShape({ name: 'x', description: '', tables: [] })).toBe(true);
  });
});
