import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccessPatterns } from '../../check';
import { buildItemCollection, defaultPartition, importDesignFile, listPartitions, type Design } from '../../design';
import { reviewDesign } from '../../design/review';
import { runKeylabInProcess as keylab } from './checkTestIo';

/**
 * A key attribute may have any name DynamoDB accepts, `__proto__`, `constructor` and `hasOwnProperty`
 * included. The Shop design (customers, orders and addresses in one item collection; only orders carry
 * GSI1's keys) is read with its table partition key, or GSI1's partition key, renamed to each of them:
 * the Import design… reader, the review, the item collections, the pattern runs and `keylab check` on the
 * file must say exactly what they say for the usual name. A lookup that is not own-property found
 * Object.prototype's member for an entity with no template (Customer and Address have none for GSI1PK):
 * the entity counted as in the index, the reader missed a missing table-key template.
 */

const SHOP = 'corpus/review/example-shop.keylab.json';
const HOSTILE_NAMES = ['__proto__', 'constructor', 'hasOwnProperty'] as const;
/** The table's partition key (every entity has a template), and GSI1's (only Order has one). */
const RENAMED = ['PK', 'GSI1PK'] as const;

const CASES = RENAMED.flatMap((from) => HOSTILE_NAMES.map((to) => [from, to] as const));

let shopText: string;
let dir: string;
beforeAll(async () => {
  shopText = await readFile(SHOP, 'utf8');
  dir = await mkdtemp(join(tmpdir(), 'keylab-hostile-keys-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The design text with one key attribute renamed (its quoted occurrences: the key schema and the entities' templates). */
function renamed(text: string, from: string, to: string): string {
  return text.replaceAll(`"${from}"`, `"${to}"`);
}

function read(text: string): Design {
  const imported = importDesignFile(text, 'shop.keylab.json');
  if (!imported.ok) throw new Error(`not read: ${JSON.stringify(imported.errors)}`);
  return imported.design;
}

/** What the design tab shows for the design: review findings, every partition's item collection (table and GSI1), pattern runs. */
async function everythingShown(design: Design): Promise<string> {
  const table = design.tables[0]!;
  const collections = [undefined, 'GSI1'].map((indexName) => {
    const partitions = listPartitions(table, indexName);
    const partition = defaultPartition(partitions);
    return {
      indexName,
      partitions: partitions.map((summary) => ({ id: summary.id, entities: summary.entities })),
      rows: partition ? buildItemCollection(table, { ...(indexName ? { indexName } : {}), partition: partition.id }).rows : [],
    };
  });
  const run = await runAccessPatterns(table);
  return JSON.stringify({ design, findings: reviewDesign({ design }), collections, patterns: run.outcomes, sampleProblems: run.sampleProblems }, null, 1);
}

describe('a key attribute named like an Object.prototype member', () => {
  it.each(CASES)('%s renamed to %s: read, review, item collections and pattern runs as for the usual name', async (from, to) => {
    const usual = await everythingShown(read(shopText));
    const hostileDesign = read(renamed(shopText, from, to));
    // The reader keeps the template as the entity's own entry.
    for (const entity of hostileDesign.tables[0]!.entities) expect(Object.hasOwn(entity.keys, to), entity.name).toBe(from === 'PK' || entity.name === 'Order');
    const hostile = await everythingShown(hostileDesign);
    expect(hostile.replaceAll(to, from)).toBe(usual);
    expect(usual).toContain('"verdict": "passes"');
  });

  it.each(HOSTILE_NAMES)('the table partition key named %s: an entity with no template for it is refused, naming it', (to) => {
    // The Customer entity's template for the table partition key is gone.
    const withoutTemplate = (text: string, name: string) => text.replace(`"${name}": "CUSTOMER#{customerId}",\n`, '');
    const errorsOf = (text: string) => {
      const imported = importDesignFile(text, 'shop.keylab.json');
      return imported.ok ? [] : imported.errors.map((error) => `${error.path}: ${error.message}`);
    };
    const usual = errorsOf(withoutTemplate(shopText, 'PK'));
    expect(usual.join('\n')).toContain("has no template for PK, the table's partition key");
    expect(errorsOf(withoutTemplate(renamed(shopText, 'PK', to), to)).map((line) => line.replaceAll(to, 'PK'))).toEqual(usual);
  });

  it.each(CASES)('keylab check on the file with %s renamed to %s says what it says for the usual name', async (from, to) => {
    const usualFile = join(dir, `usual-${from}-${HOSTILE_NAMES.indexOf(to)}.keylab.json`);
    const hostileFile = join(dir, `hostile-${from}-${HOSTILE_NAMES.indexOf(to)}.keylab.json`);
    await writeFile(usualFile, shopText);
    await writeFile(hostileFile, renamed(shopText, from, to));
    const usual = await keylab(['check', '--format', 'json', usualFile]);
    const hostile = await keylab(['check', '--format', 'json', hostileFile]);
    expect(hostile.code).toBe(usual.code);
    expect(hostile.stderr).toBe('');
    expect(hostile.stdout.replaceAll(hostileFile, usualFile).replaceAll(to, from)).toBe(usual.stdout);
    const text = await keylab(['check', hostileFile]);
    expect(text.stdout).toContain(`${hostileFile}  Keylab design "Shop (single table)", 1 table`);
  });
});
