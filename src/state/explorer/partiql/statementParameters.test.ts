import { describe, expect, it } from 'vitest';
import { parseStatementParameters } from './statementParameters';
import { quotePartiqlName, statementTarget } from './statementTarget';

describe('parseStatementParameters', () => {
  it('reads a JSON array of DynamoDB JSON values; empty text is no parameters', () => {
    expect(parseStatementParameters('')).toEqual({ ok: true, values: [] });
    expect(parseStatementParameters('  \n')).toEqual({ ok: true, values: [] });
    const read = parseStatementParameters(
      '[{"S": "G#1"}, {"N": "10"}, {"BOOL": true}, {"NULL": true}, {"L": [{"SS": ["a"]}]}, {"M": {"n": {"NS": ["1", "2.5"]}}}]',
    );
    expect(read).toEqual({
      ok: true,
      values: [{ S: 'G#1' }, { N: '10' }, { BOOL: true }, { NULL: true }, { L: [{ SS: ['a'] }] }, { M: { n: { NS: ['1', '2.5'] } } }],
    });
  });

  it('turns base64 binary into bytes, as the SDK sends them', () => {
    expect(parseStatementParameters('[{"B": "AQID"}]')).toEqual({ ok: true, values: [{ B: Uint8Array.from([1, 2, 3]) }] });
    // src/dynamo's canonical check: padding required, no stray bits in the last digit ("AR==" is not what any bytes encode to).
    for (const text of ['AR==', 'AQ', 'AQ=A'])
      expect(parseStatementParameters(`[{"B": "${text}"}]`), text).toMatchObject({ ok: false, message: expect.stringContaining('B holds base64 text') });
    expect(parseStatementParameters('[{"BS": ["AQ==", "AR=="]}]')).toMatchObject({
      ok: false,
      message: expect.stringContaining('BS holds a non-empty array of base64 texts'),
    });
  });

  it('says where the JSON breaks, by line and column', () => {
    const read = parseStatementParameters('[\n  {"S": "a"},\n  {"S": "b"\n]');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^Parameters are not valid JSON at line 4, column 1: /);
  });

  it('names the parameter that is not DynamoDB JSON, where it starts, and how to write it', () => {
    expect(parseStatementParameters('[\n  {"S": "a"},\n  {"S": 5}\n]')).toEqual({
      ok: false,
      message: 'Parameter 2 (line 3, column 3): S holds a string: {"S": "text"}.',
    });
    expect(parseStatementParameters('["G#1"]')).toEqual({
      ok: false,
      message:
        'Parameter 1 (line 1, column 2): "G#1" is not a DynamoDB JSON value: write an object with one type name, e.g. {"S": "text"}, {"N": "42"}, {"BOOL": true}.',
    });
    expect(parseStatementParameters('[{"N": "ten"}]')).toMatchObject({ ok: false, message: expect.stringContaining('N holds a number written as a string') });
    expect(parseStatementParameters('[{"X": "a"}]')).toMatchObject({ ok: false, message: expect.stringContaining('"X" is not a DynamoDB type') });
    expect(parseStatementParameters('[{"S": "a", "N": "1"}]')).toMatchObject({
      ok: false,
      message: expect.stringContaining('one value has one type, this one has 2 (S, N)'),
    });
    expect(parseStatementParameters('[{"SS": []}]')).toMatchObject({ ok: false, message: expect.stringContaining('SS holds a non-empty array of strings') });
    expect(parseStatementParameters('[{"M": {"a": {"S": 1}}}]')).toMatchObject({ ok: false, message: expect.stringContaining('in M, "a": S holds a string') });
    // A string holding brackets and commas doesn't move the next parameter's position.
    expect(parseStatementParameters('[{"S": "a,[b]"}, {"N": "x"}]')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Parameter 2 \(line 1, column 18\)/),
    });
  });

  it('wants an array', () => {
    expect(parseStatementParameters('{"S": "a"}')).toMatchObject({ ok: false, message: expect.stringContaining('Parameters must be a JSON array') });
  });
});

describe('statementTarget', () => {
  it('finds the table (and index) a statement names', () => {
    expect(statementTarget('SELECT * FROM "Scores"."byPlayer" WHERE player = ?')).toEqual({ tableName: 'Scores', indexName: 'byPlayer' });
    expect(statementTarget('select * from Scores where game = ?')).toEqual({ tableName: 'Scores', indexName: '' });
    expect(statementTarget('INSERT INTO "My ""odd"" table" VALUE {\'a\': 1}')).toEqual({ tableName: 'My "odd" table', indexName: '' });
    expect(statementTarget('UPDATE "Scores" SET a = 1 WHERE game = ?')).toEqual({ tableName: 'Scores', indexName: '' });
    expect(statementTarget('DELETE FROM "Scores" WHERE game = ?')).toEqual({ tableName: 'Scores', indexName: '' });
    expect(statementTarget('EXISTS')).toBeUndefined();
  });

  it('quotes names so reserved words and quotes are safe', () => {
    expect(quotePartiqlName('a"b')).toBe('"a""b"');
  });
});
