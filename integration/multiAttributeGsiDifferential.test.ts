/**
 * Randomized differential test of multi-attribute GSI keys against DynamoDB
 * Local: fast-check generates tables whose one or two GSIs have 1–4 HASH and
 * 1–4 RANGE attributes of mixed types (S, N, B), items (some missing key
 * attributes, some of the wrong type or empty: refused alike), updates that
 * move items in and out of the indexes, and Queries on an index — equality
 * on every partition attribute, equality on a prefix of the sort attributes
 * then one condition on the next, both directions, terms in any order, Limit
 * and paging — plus forms that break the rules (a partition attribute
 * missing, a range on one, a sort attribute skipped, a range before the last
 * condition, a value of the wrong type, an attribute outside the key), for
 * DynamoDB's messages. Every answer must equal DynamoDB Local's (equal index
 * keys compared in table-key order: contract/normalize.ts indexTieOrder); each
 * run ends with a Scan of every index.
 *
 * Fixed seed in CI; `KEYLAB_DIFF_SEED=n` explores others, `KEYLAB_DIFF_MULTI_GSI_RUNS=n`
 * runs more (`npm run fuzz:engine`).
 */
import type { AttributeValue, CreateTableCommandInput, QueryCommandInput } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIFFERENTIAL_SEED, differentialParameters, differentialRuns, useDifferentialSides } from './contract/differentialHarness';
import {
  keyValueOf,
  MULTI_KEY_ATTRIBUTE_COUNT,
  multiGsiRun,
  type IndexAttributeValue,
  type KeyMaterial,
  type MultiGsiRun,
  type MultiGsiShape,
  type MultiItem,
  type MultiQuery,
  type SortCondition,
} from './contract/differentialArbitraries';
import { N, S, type KeyType } from './contract/fixtures';
import { indexTieOrder, scanAsSet } from './contract/normalize';
import { queryAllPages, scanAllPages } from './contract/paging';
import { uniqueTableName } from './dynamodbLocal';

type Item = Record<string, AttributeValue>;

const RUNS = differentialRuns('KEYLAB_DIFF_MULTI_GSI_RUNS', 8);
const SEED = DIFFERENTIAL_SEED;
const TABLE_KEYS = ['pk', 'sk'];

const sides = useDifferentialSides();

const attributeName = (index: number) => `a${index}`;

/** Materialises a run's generated values. */
class MultiGsiRequests {
  /** The items put so far, in order: what an aimed Query takes its values from. */
  private readonly written: MultiItem[] = [];

  constructor(private readonly run: MultiGsiRun) {}

  wrote(item: MultiItem): void {
    this.written.push(item);
  }

  /** The pool slot a Query uses for `attribute`: the aimed item's, where it holds a pool value, else the generated one. */
  private querySlot(query: MultiQuery, attribute: number, generated: number): number {
    if (query.aim === undefined || this.written.length === 0) return generated;
    const choice = (this.written[query.aim % this.written.length] as MultiItem).values[attribute];
    return typeof choice === 'object' ? choice.pool : generated;
  }

  type(attribute: number): KeyType {
    return this.run.types[attribute] as KeyType;
  }

  poolValue(attribute: number, slot: number | KeyMaterial): AttributeValue {
    const material = typeof slot === 'number' ? (this.run.pool[slot % this.run.pool.length] as KeyMaterial) : slot;
    return keyValueOf(material, this.type(attribute));
  }

  /** An index attribute's value from a generated choice (undefined: leave it out). */
  value(attribute: number, choice: IndexAttributeValue): AttributeValue | undefined {
    const type = this.type(attribute);
    if (choice === 'absent') return undefined;
    if (choice === 'wrongType') return type === 'N' ? S('x') : N('1');
    if (choice === 'empty') return type === 'S' ? S('') : type === 'B' ? { B: new Uint8Array(0) } : undefined;
    return this.poolValue(attribute, choice.pool);
  }

  key(pk: number, sk: number): Item {
    return { pk: S(`p${pk}`), sk: N(sk) };
  }

  createTable(TableName: string): CreateTableCommandInput {
    const used = [...new Set(this.run.gsis.flatMap((gsi) => [...gsi.hash, ...gsi.range]))].sort((a, b) => a - b);
    return {
      TableName,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'N' },
        ...used.map((attribute) => ({ AttributeName: attributeName(attribute), AttributeType: this.type(attribute) })),
      ],
      GlobalSecondaryIndexes: this.run.gsis.map((gsi, i) => ({
        IndexName: `gsi${i}`,
        KeySchema: [
          ...gsi.hash.map((attribute) => ({ AttributeName: attributeName(attribute), KeyType: 'HASH' as const })),
          ...gsi.range.map((attribute) => ({ AttributeName: attributeName(attribute), KeyType: 'RANGE' as const })),
        ],
        Projection: { ProjectionType: gsi.projection },
      })),
    };
  }

  /** A Query on one of the indexes, in the generated form. */
  query(TableName: string, query: MultiQuery): QueryCommandInput {
    const gsiIndex = query.gsi % this.run.gsis.length;
    const gsi = this.run.gsis[gsiIndex] as MultiGsiShape;
    const names: Record<string, string> = {};
    const values: Record<string, AttributeValue> = {};
    let placeholders = 0;
    const term = (attribute: number, operator: string, value: AttributeValue, second?: AttributeValue) => {
      const n = placeholders++;
      names[`#k${n}`] = attributeName(attribute);
      values[`:v${n}`] = value;
      if (operator === 'BETWEEN') {
        values[`:w${n}`] = second as AttributeValue;
        return `#k${n} BETWEEN :v${n} AND :w${n}`;
      }
      if (operator === 'begins_with') return `begins_with(#k${n}, :v${n})`;
      return `#k${n} ${operator} :v${n}`;
    };
    const hashValue = (j: number) => this.poolValue(gsi.hash[j] as number, this.querySlot(query, gsi.hash[j] as number, query.hashSlots[j] as number));
    const sortValue = (j: number) => this.poolValue(gsi.range[j] as number, this.querySlot(query, gsi.range[j] as number, query.sortSlots[j] as number));
    const operand = (attribute: number, slot: SortCondition['a']) => this.poolValue(attribute, 'pool' in slot ? slot.pool : slot);

    const terms: string[] = gsi.hash.map((attribute, j) => term(attribute, '=', hashValue(j)));
    const prefix = Math.min(query.prefix, gsi.range.length);
    for (let j = 0; j < prefix; j++) terms.push(term(gsi.range[j] as number, '=', sortValue(j)));
    const next = gsi.range[prefix];
    if (query.range && next !== undefined) terms.push(term(next, query.range.operator, operand(next, query.range.a), operand(next, query.range.b)));

    switch (query.form) {
      case 'missingHash':
        terms.splice(gsi.hash.length - 1, 1);
        if (terms.length === 0) terms.push(term(gsi.range[0] as number, '=', sortValue(0)));
        break;
      case 'rangeOnHash':
        terms[0] = term(gsi.hash[0] as number, '>', hashValue(0));
        break;
      case 'skipSort':
        if (gsi.range.length >= 2) terms.splice(gsi.hash.length, terms.length, term(gsi.range[1] as number, '=', sortValue(1)));
        break;
      case 'rangeBeforeLast':
        if (gsi.range.length >= 2)
          terms.splice(gsi.hash.length, terms.length, term(gsi.range[0] as number, '>', sortValue(0)), term(gsi.range[1] as number, '=', sortValue(1)));
        break;
      case 'wrongType': {
        const attribute = gsi.hash[0] as number;
        terms[0] = term(attribute, '=', this.type(attribute) === 'N' ? S('1') : N('1'));
        break;
      }
      case 'outsideKey': {
        const outside = Array.from({ length: MULTI_KEY_ATTRIBUTE_COUNT }, (_, i) => i).find((i) => !gsi.hash.includes(i) && !gsi.range.includes(i)) as number;
        terms.push(term(outside, '=', this.poolValue(outside, 0)));
        break;
      }
      case 'valid':
        break;
    }
    if (query.reversed) terms.reverse();
    return {
      TableName,
      IndexName: `gsi${gsiIndex}`,
      KeyConditionExpression: terms.join(' AND '),
      // Only the placeholders of the terms kept (a form may have dropped some).
      ExpressionAttributeNames: usedIn(names, terms),
      ExpressionAttributeValues: usedIn(values, terms),
      ScanIndexForward: query.forward,
      ...(query.limit ? { Limit: query.limit } : {}),
    };
  }

  indexKeyNames(gsiIndex: number): string[] {
    const gsi = this.run.gsis[gsiIndex] as MultiGsiShape;
    return [...gsi.hash, ...gsi.range].map(attributeName);
  }
}

function usedIn<T>(placeholders: Record<string, T>, terms: readonly string[]): Record<string, T> {
  return Object.fromEntries(Object.entries(placeholders).filter(([name]) => terms.some((text) => new RegExp(`${name}\\b`).test(text))));
}

/** Readable labels: binary as hex. */
function describeRequest(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => (member instanceof Uint8Array ? `0x${Buffer.from(member).toString('hex')}` : member));
}

describe('the engine vs DynamoDB Local, multi-attribute GSI keys', () => {
  it(`agrees on ${RUNS} random tables, items and index Queries (seed ${SEED})`, async () => {
    const tally = { accepted: 0, refused: 0, items: 0 };
    await fc.assert(
      fc.asyncProperty(multiGsiRun, async (run) => {
        const requests = new MultiGsiRequests(run);
        const TableName = uniqueTableName('multiGsiDiff');
        await sides.contract.sameResult(`CreateTable ${describeRequest(requests.createTable(TableName))}`, (db) =>
          db.createTable(requests.createTable(TableName)),
        );
        try {
          for (const [index, step] of run.steps.entries()) {
            if (step.kind === 'put') {
              const Item: Item = { ...requests.key(step.item.pk, step.item.sk), f: N(index) };
              step.item.values.forEach((choice, attribute) => {
                const value = requests.value(attribute, choice);
                if (value) Item[attributeName(attribute)] = value;
              });
              await sides.contract.same(`step ${index} PutItem ${describeRequest(Item)}`, (db) => db.putItem({ TableName, Item }));
              requests.wrote(step.item);
            } else if (step.kind === 'update') {
              const value = requests.value(step.attribute, step.value);
              const input = {
                TableName,
                Key: requests.key(step.key.pk, step.key.sk),
                ExpressionAttributeNames: { '#a': attributeName(step.attribute) },
                ...(value ? { UpdateExpression: 'SET #a = :a', ExpressionAttributeValues: { ':a': value } } : { UpdateExpression: 'REMOVE #a' }),
                ReturnValues: 'ALL_NEW' as const,
              };
              await sides.contract.same(`step ${index} UpdateItem ${describeRequest(input)}`, (db) => db.updateItem(input));
            } else {
              const input = requests.query(TableName, step.query);
              const gsiIndex = step.query.gsi % run.gsis.length;
              const outcome = await sides.contract.same(
                `step ${index} Query ${describeRequest(input)}`,
                (db) => queryAllPages(db, input),
                indexTieOrder(requests.indexKeyNames(gsiIndex), TABLE_KEYS),
              );
              if (outcome.ok) {
                tally.accepted++;
                tally.items += (outcome.value as { pages: { Items?: unknown[] }[] }).pages.reduce((sum, page) => sum + (page.Items?.length ?? 0), 0);
              } else tally.refused++;
            }
          }
          for (const gsiIndex of run.gsis.keys()) {
            await sides.contract.same(`Scan gsi${gsiIndex}`, (db) => scanAllPages(db, { TableName, IndexName: `gsi${gsiIndex}` }), scanAsSet(TABLE_KEYS));
          }
        } finally {
          await sides.contract.onBoth((db) => db.deleteTable({ TableName }).then(() => undefined));
        }
      }),
      differentialParameters(RUNS),
    );
    console.log(
      `multiAttributeGsiDifferential: ${RUNS} runs, seed ${SEED}: ${tally.accepted} index Queries answered alike (${tally.items} items), ${tally.refused} refused alike`,
    );
    // The generator must reach both: answered Queries that find items, and refusals.
    expect(tally.items).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
  }, 600_000);
});
