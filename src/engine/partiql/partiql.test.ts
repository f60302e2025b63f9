import { describe, expect, it } from 'vitest';
import type { KeySchemaInfo } from '../../expressions';
import { parsePartiql, planSelect, planUpdate } from './index';

const KEYS: KeySchemaInfo = { partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'N' } };
const select = (statement: string, parameters = []) => {
  const parsed = parsePartiql(statement, parameters);
  if (parsed.kind !== 'select') throw new Error('not a select');
  return planSelect(parsed, KEYS);
};

describe('PartiQL planning', () => {
  it('makes a SELECT that pins the partition key a Query, with its sort-key range and the rest as a filter', () => {
    const plan = select(`SELECT a.b, l[1] FROM "T" WHERE pk = 'p' AND sk > 3 AND status <> 'done' ORDER BY sk DESC`);
    expect(plan.partitions).toEqual([{ S: 'p' }]);
    expect(plan.sortKey).toEqual({ operator: '>', value: { N: '3' } });
    expect(plan.descending).toBe(true);
    expect(plan.outputNames).toEqual(['b', 'l[1]']);
    expect(plan.expressions.FilterExpression).toBe('#n0 <> :v0');
    expect(plan.expressions.ExpressionAttributeNames).toMatchObject({ '#n0': 'status' });
  });

  it('queries IN partitions in key order, each once, and scans otherwise', () => {
    expect(select(`SELECT * FROM T WHERE pk IN ['b', 'a', 'b']`).partitions).toEqual([{ S: 'a' }, { S: 'b' }]);
    expect(select(`SELECT * FROM T WHERE pk = 'a' OR pk = 'b'`).partitions).toBeUndefined();
    expect(select(`SELECT * FROM T WHERE (a = 1 OR b = 2) AND NOT c = 3`).expressions.FilterExpression).toBe('(#n0 = :v0 OR #n1 = :v1) AND NOT #n2 = :v2');
  });

  it('resolves ? parameters in order and counts them', () => {
    expect(select('SELECT * FROM T WHERE pk = ? AND sk = ?', [{ S: 'x' }, { N: '1' }] as never).sortKey).toEqual({ operator: '=', value: { N: '1' } });
    expect(() => parsePartiql('SELECT * FROM T WHERE pk = ?', [])).toThrow("Number of parameters in request and statement don't match.");
  });

  it("answers DynamoDB's ORDER BY and key-type errors", () => {
    expect(() => select('SELECT * FROM T ORDER BY sk')).toThrow('Must have WHERE clause in the statement when using ORDER BY clause.');
    expect(() => select('SELECT * FROM T WHERE sk > 1 ORDER BY sk')).toThrow(
      'Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.',
    );
    expect(() => select(`SELECT * FROM T WHERE pk = 'a' ORDER BY v`)).toThrow('Variable reference v in ORDER BY clause must be part of the primary key');
    expect(() => select('SELECT * FROM T WHERE pk = 1')).toThrow("Key attribute's data type should match its data type in table's schema: Key pk");
  });

  it('says what is wrong and where in a malformed statement', () => {
    expect(() => parsePartiql('SELECT * FROM T WHERE', [])).toThrow(
      /^Statement wasn't well formed, can't be processed: expected a value, an attribute name or a function, found the end of the statement at 1:22$/,
    );
    expect(() => parsePartiql('SELECT * FROM select', [])).toThrow(/select is a keyword: write it in double quotes/);
  });

  it('makes an UPDATE an UpdateItem of the item the WHERE names, which must exist', () => {
    const parsed = parsePartiql(`UPDATE T SET n = n + 1, s = set_add(s, <<'x'>>) REMOVE old WHERE pk = 'a' AND sk = 2 AND n < 10 RETURNING ALL NEW *`, []);
    const input = planUpdate(parsed as never, KEYS);
    expect(input.Key).toEqual({ pk: { S: 'a' }, sk: { N: '2' } });
    expect(input.UpdateExpression).toBe('SET #n0 = #n0 + :v0 REMOVE #n2 ADD #n1 :v1');
    expect(input.ConditionExpression).toBe('attribute_exists(#n3) AND #n0 < :v2');
    expect(input.ReturnValues).toBe('ALL_NEW');
    expect(() => planUpdate(parsePartiql(`UPDATE T SET n = 1 WHERE pk = 'a'`, []) as never, KEYS)).toThrow(
      'Where clause does not contain a mandatory equality on all key attributes',
    );
  });
});
