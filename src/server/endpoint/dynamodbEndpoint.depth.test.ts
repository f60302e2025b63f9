import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { table, useTestEndpoint, type RawResponse } from './endpointTestKit';

/*
 * Inputs built to exhaust the stack, sent over HTTP as an attacker would:
 * PartiQL statements nested thousands deep or megabytes long, expressions
 * and AttributeValues nested past DynamoDB's limits. Each gets DynamoDB's
 * ValidationException (400) — never a 500, never a stack trace in the log
 * (the kit fails a test on any unexpected failure the endpoint reports).
 */

const kit = useTestEndpoint();
const { call, unexpected } = kit;
const consoleError = vi.spyOn(console, 'error');

const T = 'DeepInputs';
const VALIDATION = 'com.amazon.coral.validate#ValidationException';
const parens = (depth: number, inner: string) => '('.repeat(depth) + inner + ')'.repeat(depth);

beforeAll(async () => {
  await kit.client.createTable(table(T));
  await kit.client.putItem({ TableName: T, Item: { pk: { S: 'p' }, sk: { S: 'a' } } });
});

afterEach(() => {
  expect(unexpected).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
});

/** A 400 ValidationException, and its message. */
function validation(response: RawResponse): string {
  expect(response.status).toBe(400);
  const body = JSON.parse(response.body) as { __type: string; message: string };
  expect(body.__type).toBe(VALIDATION);
  return body.message;
}

const MALFORMED = "Statement wasn't well formed, can't be processed: ";
const TOO_DEEP = `${MALFORMED}the statement nests parentheses and function calls more than 300 deep at 1:`;

describe('PartiQL', () => {
  it('refuses 3,000 nested parentheses in ExecuteStatement, BatchExecuteStatement and ExecuteTransaction', async () => {
    const where = `SELECT * FROM "${T}" WHERE ${parens(3000, 'pk')} = 'p'`;
    expect(validation(await call('ExecuteStatement', { Statement: where }))).toMatch(new RegExp(`^${TOO_DEEP.replace(/[()]/g, '\\$&')}\\d+$`));
    expect(validation(await call('ExecuteStatement', { Statement: `SELECT * FROM "${T}" WHERE ${parens(3000, "pk = 'p'")}` }))).toContain(TOO_DEEP);

    const batch = JSON.parse((await call('BatchExecuteStatement', { Statements: [{ Statement: where }] })).body) as {
      Responses: { Error: { Code: string; Message: string } }[];
    };
    expect(batch.Responses[0]?.Error).toEqual({ Code: 'ValidationError', Message: expect.stringContaining(TOO_DEEP) });

    const update = `UPDATE "${T}" SET x = 1 WHERE ${parens(3000, 'pk')} = 'p' AND sk = 'a'`;
    expect(validation(await call('ExecuteTransaction', { TransactStatements: [{ Statement: update }] }))).toContain(TOO_DEEP);
  });

  it('refuses function calls nested past the limit, and takes 300 levels', async () => {
    const calls = `SELECT * FROM "${T}" WHERE pk = 'p' AND ${'size('.repeat(1000)}x${')'.repeat(1000)} > 1`;
    expect(validation(await call('ExecuteStatement', { Statement: calls }))).toContain(TOO_DEEP);
    const ok = await call('ExecuteStatement', { Statement: `SELECT * FROM "${T}" WHERE ${parens(300, 'pk')} = 'p'` });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ Items: [{ pk: { S: 'p' }, sk: { S: 'a' } }] });
  });

  it('refuses list and map literals nested past an item’s 32 levels, with DynamoDB’s words', async () => {
    for (const [open, close] of [
      ['[', ']'],
      ["{'a':", '}'],
    ] as const) {
      const insert = `INSERT INTO "${T}" VALUE {'pk':'q','sk':'b','l':${open.repeat(1000)}1${close.repeat(1000)}}`;
      expect(insert.length).toBeLessThanOrEqual(8192);
      expect(validation(await call('ExecuteStatement', { Statement: insert }))).toBe('Nesting Levels have exceeded supported limits');
    }
  });

  it('refuses statements over 8,192 characters before parsing them (a 5 MB one included)', async () => {
    const statement = `SELECT * FROM "${T}" WHERE pk = 'p'`;
    const constraint = 'failed to satisfy constraint: Member must have length less than or equal to 8192';
    for (const length of [8193, 5_000_000]) {
      const long = statement.padEnd(length, ' ');
      expect(validation(await call('ExecuteStatement', { Statement: long }))).toBe(`1 validation error detected: Value '${long}' at 'statement' ${constraint}`);
      expect(validation(await call('BatchExecuteStatement', { Statements: [{ Statement: statement }, { Statement: long }] }))).toBe(
        `1 validation error detected: Value '${long}' at 'statements.2.member.statement' ${constraint}`,
      );
      expect(validation(await call('ExecuteTransaction', { TransactStatements: [{ Statement: long }] }))).toBe(
        `1 validation error detected: Value '${long}' at 'transactStatements.1.member.statement' ${constraint}`,
      );
    }
    expect((await call('ExecuteStatement', { Statement: statement.padEnd(8192, ' ') })).status).toBe(200);
  });
});

describe('expressions and AttributeValues (guarded already: these keep it so)', () => {
  it('refuses 3,000 nested parentheses in ConditionExpression, FilterExpression and KeyConditionExpression', async () => {
    const values = { ':v': { S: 'p' } };
    expect(
      validation(
        await call('PutItem', { TableName: T, Item: { pk: { S: 'p' }, sk: { S: 'c' } }, ConditionExpression: parens(3000, 'attribute_not_exists(pk)') }),
      ),
    ).toMatch(/^Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: \d+$/);
    expect(validation(await call('Scan', { TableName: T, FilterExpression: parens(3000, 'x = :v'), ExpressionAttributeValues: values }))).toMatch(
      /^Invalid FilterExpression: Expression size has exceeded/,
    );
    expect(validation(await call('Query', { TableName: T, KeyConditionExpression: parens(3000, 'pk = :v'), ExpressionAttributeValues: values }))).toMatch(
      /^Invalid KeyConditionExpression: Expression size/,
    );
    // Within the 4 KB size limit: 2,000 levels are redundant parentheses, 300 levels of groups too many operators.
    expect(validation(await call('Scan', { TableName: T, FilterExpression: parens(2000, 'x = :v'), ExpressionAttributeValues: values }))).toBe(
      'Invalid FilterExpression: The expression has redundant parentheses;',
    );
    const groups = '(x=:v AND '.repeat(340) + 'x=:v' + ')'.repeat(340);
    expect(validation(await call('Scan', { TableName: T, FilterExpression: groups, ExpressionAttributeValues: values }))).toMatch(
      /^Invalid FilterExpression: The expression contains too many operators; operator count: 301$/,
    );
  });

  it('refuses AttributeValues nested 50,000 deep in an item, a key and a value', async () => {
    const nested = '{"L":['.repeat(50_000) + '{"S":"x"}' + ']}'.repeat(50_000);
    const bodies: [string, string][] = [
      ['PutItem', `{"TableName":"${T}","Item":{"pk":{"S":"p"},"sk":{"S":"d"},"x":${nested}}}`],
      ['BatchWriteItem', `{"RequestItems":{"${T}":[{"PutRequest":{"Item":{"pk":{"S":"p"},"sk":{"S":"d"},"x":${nested}}}}]}}`],
      ['GetItem', `{"TableName":"${T}","Key":{"pk":${nested},"sk":{"S":"a"}}}`],
      ['Scan', `{"TableName":"${T}","FilterExpression":"x = :v","ExpressionAttributeValues":{":v":${nested}}}`],
      ['ExecuteStatement', `{"Statement":"SELECT * FROM \\"${T}\\" WHERE x = ?","Parameters":[${nested}]}`],
    ];
    for (const [operation, body] of bodies) expect(validation(await call(operation, body))).toBe('Nesting Levels have exceeded supported limits');
  });
});
