/* eslint-disable @typescript-eslint/no-explicit-any -- the cases edit raw JSON documents */
import { describe, expect, it } from 'vitest';
import { DESIGN_FORMAT, SHOP_DESIGN, type DesignProblem } from '..';
import { CREDENTIALS_WARNING } from './documentReader';
import { parseDesignDocument } from './parseDesignDocument';
import { serializeDesignDocument } from './serializeDesignDocument';
import { expectErr, expectOk } from '../../errors/testing';

/** The Shop example as raw JSON, edited by `edit`. */
function shopWith(edit: (document: any) => void): any {
  const document = JSON.parse(serializeDesignDocument(SHOP_DESIGN));
  edit(document);
  return document;
}

function errorsOf(input: unknown): readonly DesignProblem[] {
  const result = parseDesignDocument(input);
  expectErr(result);
  return result.errors;
}

const index = (name: string, partition: string[], sort: string[] = [], kind = 'GSI') => ({
  name,
  kind,
  partitionKey: partition.map((attribute) => ({ name: attribute, type: 'S' })),
  sortKey: sort.map((attribute) => ({ name: attribute, type: 'S' })),
  projection: { type: 'ALL', attributes: [] },
});

/** [what, edit, the error's path, its message] */
const CASES: readonly (readonly [string, (document: any) => void, string, RegExp])[] = [
  ['format missing', (d) => delete d.format, 'format', /is missing: this is not a Keylab design.*"format": "keylab\.design\/1"/],
  ['an unknown format', (d) => (d.format = 'nosql-workbench'), 'format', /"nosql-workbench" is not a Keylab design format/],
  ['name missing', (d) => delete d.name, 'name', /is missing/],
  ['tables not a list', (d) => (d.tables = {}), 'tables', /must be a list/],
  ['a short table name', (d) => (d.tables[0].name = 'ab'), 'tables[0].name', /"ab" is 2 characters long: DynamoDB table names are 3–255 characters/],
  ['a table name with spaces', (d) => (d.tables[0].name = 'My Shop!'), 'tables[0].name', /contains " ", "!"/],
  ['two tables with one name', (d) => d.tables.push({ ...d.tables[0] }), 'tables[1].name', /already the name of tables\[0\]/],
  ['a key type written out', (d) => (d.tables[0].partitionKey.type = 'string'), 'tables[0].partitionKey.type', /did you mean "S"\?/],
  ['an unknown key type', (d) => (d.tables[0].sortKey.type = 'X'), 'tables[0].sortKey.type', /"X" is not allowed: write "S", "N" or "B"/],
  ['a sort key equal to the partition key', (d) => (d.tables[0].sortKey.name = 'PK'), 'tables[0].sortKey.name', /already the partition key/],
  [
    'a GSI with five partition attributes',
    (d) => (d.tables[0].indexes[0] = index('GSI1', ['a', 'b', 'c', 'd', 'e'])),
    'tables[0].indexes[0].partitionKey',
    /has 5 attributes: a global index has one to 4 partition key attributes/,
  ],
  [
    'a GSI with five sort attributes',
    (d) => (d.tables[0].indexes[0] = index('GSI1', ['a'], ['b', 'c', 'd', 'e', 'f'])),
    'tables[0].indexes[0].sortKey',
    /has 5 attributes: a global index has zero to 4 sort key attributes/,
  ],
  [
    'a GSI key written as one object',
    (d) => (d.tables[0].indexes[0].partitionKey = { name: 'GSI1PK', type: 'S' }),
    'tables[0].indexes[0].partitionKey',
    /wrap it in \[ \]/,
  ],
  ['an attribute twice in one index key', (d) => (d.tables[0].indexes[0] = index('GSI1', ['a'], ['a'])), 'tables[0].indexes[0]', /"a" appears twice/],
  [
    'an LSI on another partition key',
    (d) => d.tables[0].indexes.push(index('byDate', ['other'], ['at'], 'LSI')),
    'tables[0].indexes[1].partitionKey',
    /a local index shares the table's partition key: write \[\{"name": "PK", "type": "S"\}\]/,
  ],
  [
    'an LSI with two sort keys',
    (d) => d.tables[0].indexes.push(index('byDate', ['PK'], ['at', 'b'], 'LSI')),
    'tables[0].indexes[1].sortKey',
    /has 2 attributes: a local index has exactly one sort key attribute/,
  ],
  [
    'an LSI without a sort key',
    (d) => d.tables[0].indexes.push(index('byDate', ['PK'], [], 'LSI')),
    'tables[0].indexes[1].sortKey',
    /has 0 attributes: a local index has exactly one/,
  ],
  [
    'an LSI on a table without a sort key',
    (d) => {
      delete d.tables[0].sortKey;
      d.tables[0].indexes.push(index('byDate', ['PK'], ['at'], 'LSI'));
    },
    'tables[0].indexes[1].kind',
    /needs a table with a sort key/,
  ],
  [
    '21 GSIs',
    (d) => (d.tables[0].indexes = Array.from({ length: 21 }, (_, i) => index(`GSI${i + 1}`, [`GSI${i + 1}PK`]))),
    'tables[0].indexes',
    /has 21 global secondary indexes: DynamoDB allows at most 20/,
  ],
  [
    '6 LSIs',
    (d) => (d.tables[0].indexes = Array.from({ length: 6 }, (_, i) => index(`LSI${i + 1}`, ['PK'], [`l${i}`], 'LSI'))),
    'tables[0].indexes',
    /has 6 local secondary indexes: DynamoDB allows at most 5/,
  ],
  [
    'two indexes with one name',
    (d) => d.tables[0].indexes.push(index('GSI1', ['x'])),
    'tables[0].indexes[1].name',
    /"GSI1" is already the name of indexes\[0\]/,
  ],
  ['a short index name', (d) => (d.tables[0].indexes[0].name = 'G1'), 'tables[0].indexes[0].name', /index name "G1" is 2 characters long/],
  [
    'INCLUDE without attributes',
    (d) => (d.tables[0].indexes[0].projection.attributes = []),
    'tables[0].indexes[0].projection.attributes',
    /INCLUDE projection names the non-key attributes.*use KEYS_ONLY/,
  ],
  [
    'ALL with attributes',
    (d) => (d.tables[0].indexes[0].projection.type = 'ALL'),
    'tables[0].indexes[0].projection.attributes',
    /only an INCLUDE projection lists attributes/,
  ],
  [
    'a projection type in lower case',
    (d) => (d.tables[0].indexes[0].projection.type = 'keys_only'),
    'tables[0].indexes[0].projection.type',
    /write "KEYS_ONLY"/,
  ],
  [
    'one attribute with two types',
    (d) => (d.tables[0].indexes[0].partitionKey[0] = { name: 'SK', type: 'N' }),
    'tables[0].indexes[0].partitionKey[0]',
    /"SK" is N here but S at tables\[0\]\.sortKey/,
  ],
  ['PROVISIONED without capacity', (d) => (d.tables[0].billingMode = 'PROVISIONED'), 'tables[0].provisioned', /billingMode PROVISIONED needs/],
  [
    'capacity with on-demand billing',
    (d) => (d.tables[0].provisioned = { readCapacityUnits: 1, writeCapacityUnits: 1 }),
    'tables[0].provisioned',
    /only for billingMode "PROVISIONED"/,
  ],
  [
    'zero capacity units',
    (d) => {
      d.tables[0].billingMode = 'PROVISIONED';
      d.tables[0].provisioned = { readCapacityUnits: 0, writeCapacityUnits: 1 };
    },
    'tables[0].provisioned.readCapacityUnits',
    /whole number of at least 1/,
  ],
  ['two entities with one name', (d) => (d.tables[0].entities[2].name = 'Order'), 'tables[0].entities[2].name', /"Order" is already the name of entities\[1\]/],
  [
    'a template for an attribute that keys nothing',
    (d) => (d.tables[0].entities[0].keys.GSI9PK = 'X'),
    'tables[0].entities[0].keys.GSI9PK',
    /"GSI9PK" is not a key attribute of table Shop or its indexes \(PK, SK, GSI1PK, GSI1SK\)/,
  ],
  [
    'an entity without the table sort key template',
    (d) => delete d.tables[0].entities[2].keys.SK,
    'tables[0].entities[2].keys',
    /has no template for SK, the table's sort key/,
  ],
  [
    'field type "integer"',
    (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{at:integer}'),
    'tables[0].entities[1].keys.SK',
    /^unknown field type "integer" — did you mean int\(N\)\? Write \{at:int\(10\)\}/,
  ],
  [
    'field type "number"',
    (d) => (d.tables[0].entities[1].keys.SK = '{n:number}'),
    'tables[0].entities[1].keys.SK',
    /unknown field type "number" — did you mean int\(N\)\?/,
  ],
  [
    'int without a width',
    (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{n:int}'),
    'tables[0].entities[1].keys.SK',
    /int needs a width — did you mean int\(N\)\?/,
  ],
  [
    'field type "date"',
    (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{at:date}'),
    'tables[0].entities[1].keys.SK',
    /unknown field type "date" — did you mean iso\? Write \{at:iso\}/,
  ],
  ['field type "datetime"', (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{at:datetime}'), 'tables[0].entities[1].keys.SK', /did you mean iso\?/],
  ['field type "timestamp"', (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{at:timestamp}'), 'tables[0].entities[1].keys.SK', /did you mean iso\?/],
  [
    'field type "isoms"',
    (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{at:isoms}'),
    'tables[0].entities[1].keys.SK',
    /did you mean iso\(ms\)\? Write \{at:iso\(ms\)\}/,
  ],
  [
    'field type "uuid"',
    (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{id:uuid}'),
    'tables[0].entities[1].keys.SK',
    /did you mean a string field \(no type\)\? Write \{id\}/,
  ],
  ['field type "decimal"', (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{total:decimal}'), 'tables[0].entities[1].keys.SK', /did you mean dec\(I,F\)\?/],
  ['field type "unix"', (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{t:unix}'), 'tables[0].entities[1].keys.SK', /did you mean epoch\(N\)\?/],
  [
    'a misspelt type',
    (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{n:itn(10)}'),
    'tables[0].entities[1].keys.SK',
    /unknown field type "itn" — did you mean int\(N\)\?/,
  ],
  ['an unclosed brace', (d) => (d.tables[0].entities[1].keys.SK = 'ORDER#{at'), 'tables[0].entities[1].keys.SK', /never closed/],
  [
    'an N key with literal text',
    (d) => {
      d.tables[0].sortKey.type = 'N';
      d.tables[0].indexes = [];
    },
    'tables[0].entities[0].keys.SK',
    /SK is a number \(N\) key, so its template is one numeric or plain field with no literal text/,
  ],
  [
    'an N key with an iso field',
    (d) => {
      d.tables[0].sortKey.type = 'N';
      d.tables[0].indexes = [];
      d.tables[0].entities = [{ ...d.tables[0].entities[0], keys: { PK: 'C#{c}', SK: '{at:iso}' } }];
      d.tables[0].accessPatterns = [];
    },
    'tables[0].entities[0].keys.SK',
    /uses iso, which does not give a plain number/,
  ],
  [
    'a B key with a prefix',
    (d) => {
      d.tables[0].sortKey.type = 'B';
      d.tables[0].indexes = [];
      d.tables[0].entities = [{ ...d.tables[0].entities[0], keys: { PK: 'C#{c}', SK: 'H#{h}' } }];
      d.tables[0].accessPatterns = [];
    },
    'tables[0].entities[0].keys.SK',
    /binary \(B\) key, so its template is a single plain field holding base64/,
  ],
  [
    'an unknown attribute type',
    (d) => (d.tables[0].entities[0].attributes[0].type = 'STRING'),
    'tables[0].entities[0].attributes[0].type',
    /"STRING" is not allowed: write "S", "N", "B", "BOOL"/,
  ],
  [
    'an attribute listed twice',
    (d) => d.tables[0].entities[0].attributes.push({ name: 'email', type: 'S' }),
    'tables[0].entities[0].attributes[1].name',
    /already attributes\[0\]/,
  ],
  [
    'two samples with one id',
    (d) => (d.tables[0].entities[0].samples[1].id = 'c1'),
    'tables[0].entities[0].samples[1].id',
    /"c1" is already the id of samples\[0\]/,
  ],
  [
    'a sample value that is a number',
    (d) => (d.tables[0].entities[1].samples[0].values.orderId = 15),
    'tables[0].entities[1].samples[0].values.orderId',
    /must be text \(write "15": numbers stay exact as text\)/,
  ],
  [
    'a plain JSON attribute',
    (d) => (d.tables[0].entities[1].samples[0].attributes.total = 12.5),
    'tables[0].entities[1].samples[0].attributes.total',
    /must be a DynamoDB JSON value such as \{"N": "12.5"\}/,
  ],
  [
    'a number as a JSON number',
    (d) => (d.tables[0].entities[1].samples[0].attributes.total = { N: 12.5 }),
    'tables[0].entities[1].samples[0].attributes.total.N',
    /a number is written as text so it stays exact: \{"N": "12.5"\}/,
  ],
  [
    'a number DynamoDB rejects',
    (d) => (d.tables[0].entities[1].samples[0].attributes.total = { N: '12,50' }),
    'tables[0].entities[1].samples[0].attributes.total.N',
    /"12,50" is not a number DynamoDB accepts/,
  ],
  [
    'an empty set',
    (d) => (d.tables[0].entities[1].samples[0].attributes.tags = { SS: [] }),
    'tables[0].entities[1].samples[0].attributes.tags.SS',
    /DynamoDB has no empty sets/,
  ],
  [
    'a number set with a repeat',
    (d) => (d.tables[0].entities[1].samples[0].attributes.n = { NS: ['1', '1.0'] }),
    'tables[0].entities[1].samples[0].attributes.n.NS[1]',
    /"1.0" repeats element 0 \("1"\)/,
  ],
  [
    'bad base64',
    (d) => (d.tables[0].entities[1].samples[0].attributes.data = { B: 'not base64!' }),
    'tables[0].entities[1].samples[0].attributes.data.B',
    /not base64/,
  ],
  [
    'two types in one value',
    (d) => (d.tables[0].entities[1].samples[0].attributes.x = { S: 'a', N: '1' }),
    'tables[0].entities[1].samples[0].attributes.x',
    /has 2 types: a DynamoDB JSON value has exactly one of/,
  ],
  [
    'a value type in lower case',
    (d) => (d.tables[0].entities[1].samples[0].attributes.x = { s: 'a' }),
    'tables[0].entities[1].samples[0].attributes.x',
    /has "s", which is not a type/,
  ],
  [
    'NULL false',
    (d) => (d.tables[0].entities[1].samples[0].attributes.x = { NULL: false }),
    'tables[0].entities[1].samples[0].attributes.x.NULL',
    /must be true/,
  ],
  [
    'a nested bad value',
    (d) => (d.tables[0].entities[1].samples[0].attributes.x = { M: { 'first name': { L: [{ S: 'a' }, { BOOL: 'yes' }] } } }),
    'tables[0].entities[1].samples[0].attributes.x.M["first name"].L[1].BOOL',
    /must be true or false/,
  ],
  [
    'two patterns with one id',
    (d) => (d.tables[0].accessPatterns[1].id = 'customer-orders'),
    'tables[0].accessPatterns[1].id',
    /already the id of accessPatterns\[0\]/,
  ],
  [
    'a pattern of an unknown entity',
    (d) => (d.tables[0].accessPatterns[0].entities = ['Invoice']),
    'tables[0].accessPatterns[0].entities[0]',
    /there is no entity "Invoice" in table Shop \(Customer, Order, Address\)/,
  ],
  ['a pattern with no entity', (d) => (d.tables[0].accessPatterns[0].entities = []), 'tables[0].accessPatterns[0].entities', /is empty/],
  [
    'a pattern on an unknown index',
    (d) => (d.tables[0].accessPatterns[2].index = 'GSI2'),
    'tables[0].accessPatterns[2].index',
    /there is no index "GSI2" in table Shop \(GSI1\)/,
  ],
  [
    'a pattern on an index its entity is not in',
    (d) => {
      d.tables[0].accessPatterns[2].index = 'GSI1';
      d.tables[0].accessPatterns[2].entities = ['Customer'];
    },
    'tables[0].accessPatterns[2].entities',
    /Customer has no template for GSI1PK, GSI1SK, so its items are not in index GSI1/,
  ],
  [
    'a partition value missing',
    (d) => (d.tables[0].accessPatterns[0].partitionValues = {}),
    'tables[0].accessPatterns[0].partitionValues',
    /has no value for "customerId": a Query needs the whole partition key/,
  ],
  [
    'a partition value for another field',
    (d) => (d.tables[0].accessPatterns[0].partitionValues.orderId = 'o_1'),
    'tables[0].accessPatterns[0].partitionValues.orderId',
    /"orderId" is not a field of Order's partition key template for table Shop \(customerId\)/,
  ],
  [
    'between without an upper bound',
    (d) => (d.tables[0].accessPatterns[1].sort.operator = 'between'),
    'tables[0].accessPatterns[1].sort.valuesHigh',
    /between needs an upper bound/,
  ],
  [
    'an upper bound without between',
    (d) => (d.tables[0].accessPatterns[1].sort.valuesHigh = { at: '2026-06-24' }),
    'tables[0].accessPatterns[1].sort.valuesHigh',
    /only for "between"/,
  ],
  [
    'a sort value for a field the sort key lacks',
    (d) => (d.tables[0].accessPatterns[1].sort.values = { status: 'PLACED' }),
    'tables[0].accessPatterns[1].sort.values.status',
    /"status" is not a field of the sort key template \(at, orderId\)/,
  ],
  ['an unknown sort input', (d) => (d.tables[0].accessPatterns[1].sort.input = 'text'), 'tables[0].accessPatterns[1].sort.input', /write "fields" or "raw"/],
  [
    'raw sort with field values',
    (d) => (d.tables[0].accessPatterns[0].sort.values = { at: 'x' }),
    'tables[0].accessPatterns[0].sort.values',
    /belongs to "input": "fields"/,
  ],
  [
    'a sort condition on a table without a sort key',
    (d) => {
      delete d.tables[0].sortKey;
      d.tables[0].entities.forEach((e: any) => delete e.keys.SK);
    },
    'tables[0].accessPatterns[0].sort',
    /table Shop has no sort key, so a Query can't have a sort condition/,
  ],
  [
    'limit 0',
    (d) => (d.tables[0].accessPatterns[0].limit = 0),
    'tables[0].accessPatterns[0].limit',
    /^must be a whole number from 1 to 2,147,483,647 \(DynamoDB's Limit is at least 1\), not the number 0: .*leave "limit" out to read every match\.$/,
  ],
  ['limit -5', (d) => (d.tables[0].accessPatterns[0].limit = -5), 'tables[0].accessPatterns[0].limit', /from 1 to 2,147,483,647 .*not the number -5/],
  [
    'limit Infinity (1e400 in a file)',
    (d) => (d.tables[0].accessPatterns[0].limit = Infinity),
    'tables[0].accessPatterns[0].limit',
    /from 1 to 2,147,483,647 .*not a number too large for JSON to hold \(such as 1e400, read as Infinity\)/,
  ],
  [
    'limit over a Java int',
    (d) => (d.tables[0].accessPatterns[0].limit = 2_147_483_648),
    'tables[0].accessPatterns[0].limit',
    /from 1 to 2,147,483,647 .*not the number 2147483648/,
  ],
  ['limit as text', (d) => (d.tables[0].accessPatterns[0].limit = '10'), 'tables[0].accessPatterns[0].limit', /not the text "10"/],
  ['limit 2.5', (d) => (d.tables[0].accessPatterns[0].limit = 2.5), 'tables[0].accessPatterns[0].limit', /not the number 2.5/],
  [
    'a negative expected count',
    (d) => (d.tables[0].accessPatterns[0].expected.count = -1),
    'tables[0].accessPatterns[0].expected.count',
    /count must be a whole number 0 or more/,
  ],
  [
    'an unknown direction',
    (d) => (d.tables[0].accessPatterns[0].direction = 'desc'),
    'tables[0].accessPatterns[0].direction',
    /write "ascending" or "descending"/,
  ],
  [
    'a consistent read on a GSI',
    (d) => (d.tables[0].accessPatterns[2].consistentRead = true),
    'tables[0].accessPatterns[2].consistentRead',
    /global secondary indexes don't support consistent reads/,
  ],
  [
    'zero requests per second',
    (d) => (d.tables[0].accessPatterns[2].requestsPerSecond = 0),
    'tables[0].accessPatterns[2].requestsPerSecond',
    /must be a number above 0/,
  ],
];

describe('parseDesignDocument: every rule, its path and its message', () => {
  it('reads the Shop example as it is', () => {
    expect(parseDesignDocument(shopWith(() => {}))).toMatchObject({ ok: true, warnings: [] });
  });

  it.each(CASES)('%s', (_what, edit, path, message) => {
    const errors = errorsOf(shopWith(edit));
    const found = errors.find((error) => error.path === path && message.test(error.message));
    expect(found, `expected ${path}: ${message} among\n${errors.map((error) => `${error.path}: ${error.message}`).join('\n')}`).toBeDefined();
    expect(found?.severity).toBe('error');
  });
});

describe('parseDesignDocument: versions, JSON text, limits', () => {
  it('refuses a newer format without reading the rest (never half-read)', () => {
    const errors = errorsOf({ format: 'keylab.design/2', name: 42, tables: 'whatever' });
    expect(errors).toEqual([
      { path: 'format', severity: 'error', message: expect.stringMatching(/saved by a newer Keylab \(keylab\.design\/2\).*update Keylab to open it\.$/) },
    ]);
  });

  it('tells a NoSQL Workbench model apart', () => {
    expect(errorsOf({ ModelName: 'm', DataModel: [] })[0]?.message).toMatch(/looks like a NoSQL Workbench model/);
  });

  it('says where broken JSON breaks, with the file name', () => {
    const result = parseDesignDocument('{\n  "format": "keylab.design/1",\n  "name": ,\n}', { fileName: 'shop.keylab.json' });
    expect(result).toMatchObject({
      ok: false,
      errors: [{ line: 3, column: 11, message: expect.stringMatching(/^shop\.keylab\.json: this is not valid JSON at line 3, column 11/) }],
    });
    expect(errorsOf('{"format": "keylab.design/1"')[0]).toMatchObject({ line: 1, column: 29, message: expect.stringContaining('the text ends too early') });
  });

  it('refuses a document that is not an object', () => {
    expect(errorsOf('[1, 2]')[0]?.message).toMatch(/a design document is a JSON object.*not a list/);
  });

  it('refuses more than 1,000 entities and 100,000 samples, with the numbers', () => {
    const entities = errorsOf(shopWith((d) => (d.tables[0].entities = Array.from({ length: 1001 }, () => ({})))));
    expect(entities).toEqual([
      expect.objectContaining({ message: 'the design has 1,001 entities; a design holds at most 1,000: split it into several designs.' }),
    ]);
    const samples = errorsOf(shopWith((d) => (d.tables[0].entities[0].samples = Array.from({ length: 100_001 }, () => ({})))));
    // 100,001 here plus the other entities' 6.
    expect(samples[0]?.message).toMatch(/^the design has 100,007 sample rows; a design holds at most 100,000/);
  });

  it('refuses a document over 20 MB, with its size', () => {
    const text = `{"format": "keylab.design/1", "name": "big", "description": "${'x'.repeat(21 * 1024 * 1024)}", "tables": []}`;
    expect(errorsOf(text)[0]?.message).toMatch(/^the document is 21\.0 MB; a design file is at most 20 MB/);
  });

  it('lists at most 200 errors and says how many more there are', () => {
    const errors = errorsOf(
      shopWith((d) => (d.tables[0].entities[0].samples = Array.from({ length: 300 }, (_, i) => ({ id: `s${i}`, values: { customerId: i } })))),
    );
    expect(errors).toHaveLength(201);
    expect(errors[200]?.message).toBe('… and 100 more problems (fix these first).');
  });
});

describe('parseDesignDocument: unknown keys and credentials', () => {
  it('drops unknown keys with a warning naming the path, and fills defaults', () => {
    const result = parseDesignDocument(
      shopWith((d) => {
        d.theme = 'dark';
        d.tables[0].entities[0].color = 'red';
        delete d.tables[0].entities[0].description;
        delete d.tables[0].accessPatterns[0].expected;
      }),
    );
    expectOk(result);
    expect(result.warnings.map((warning) => warning.path)).toEqual(['theme', 'tables[0].entities[0].color']);
    expect(result.warnings[0]?.message).toMatch(
      /^unknown key "theme" was dropped \(known here: format, name, description, revision, tables, decisions, signOffs, acceptedFindings, workbenchSource\)/,
    );
    expect(result.design).not.toHaveProperty('theme');
    expect(result.design.tables[0]!.entities[0]).not.toHaveProperty('color');
    expect(result.design.tables[0]!.entities[0]!.description).toBe('');
    expect(result.design.tables[0]!.accessPatterns[0]!.expected).toEqual({});
  });

  it.each(['accessKeyId', 'secretAccessKey', 'sessionToken', 'credentials', 'endpoint', 'region', 'profile', 'password', 'token', 'apiKey'])(
    'drops %s with the credentials warning',
    (key) => {
      const result = parseDesignDocument(
        shopWith((d) => {
          d[key] = 'AKIA…';
          d.tables[0][key] = { nested: 'x' };
        }),
      );
      expect(result).toMatchObject({
        ok: true,
        warnings: [
          { path: key, message: CREDENTIALS_WARNING },
          { path: `tables[0].${key}`, message: CREDENTIALS_WARNING },
        ],
      });
      expectOk(result);
      expect(serializeDesignDocument(result.design)).not.toContain('AKIA');
      expect(CREDENTIALS_WARNING).toMatch(/^design files never carry credentials or connection settings/);
    },
  );

  it('keeps a sample attribute named like a credential: it is data, not a setting', () => {
    const result = parseDesignDocument(shopWith((d) => (d.tables[0].entities[0].samples[0].attributes.password = { S: 'hash' })));
    expect(result).toMatchObject({ ok: true, warnings: [] });
  });

  it('keeps a "__proto__" field as a field, never as a prototype', () => {
    const text = serializeDesignDocument(SHOP_DESIGN).replace('"customerId": "c1"', '"customerId": "c1", "__proto__": "x"');
    const result = parseDesignDocument(text);
    expectOk(result);
    const values = result.design.tables[0]!.entities[0]!.samples[0]!.values;
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(values, '__proto__')).toBe(true);
    // One sample per line: the field is written beside the others, after the template fields.
    expect(serializeDesignDocument(result.design)).toMatch(/"customerId": "c1", "__proto__": "x"/);
  });

  it('reads the format tag it writes', () => {
    expect(serializeDesignDocument(SHOP_DESIGN).startsWith(`{\n  "format": "${DESIGN_FORMAT}",`)).toBe(true);
  });
});
