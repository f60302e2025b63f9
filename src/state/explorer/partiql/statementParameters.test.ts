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

  it('turns base64 binary into bytes, as the SDK sends them; binary that is not canonical, padded base64 is refused with why', () => {
    expect(parseStatementParameters('[{"B": "AQID"}]')).toEqual({ ok: true, values: [{ B: Uint8Array.from([1, 2, 3]) }] });
    // src/dynamo's canonical check: padding required, no stray bits in the last digit ("AR==" is not what any bytes encode to).
    for (const [text, why] of [
      ['AR==', 'its last digit holds bits no byte uses'],
      ['AQ', 'its length is not a whole number of 4-digit groups (pad it with =)'],
      ['AQ=A', '= stands where it cannot (only at the end, at most two)'],
      ['A?==', 'it holds a character that is not a base64 digit (A-Z a-z 0-9 + /)'],
    ])
      expect(parseStatementParameters(`[{"B": "${text}"}]`), text).toEqual({
        ok: false,
        message: `Parameter 1 (line 1, column 2) at B: binary is written as base64 text, e.g. {"B": "AAEC"}; "${text}" is not canonical base64: ${why}.`,
      });
    expect(parseStatementParameters('[{"BS": ["AQ==", "AR=="]}]')).toMatchObject({
      ok: false,
      message: expect.stringContaining('Parameter 1 (line 1, column 2) at BS[1]: binary is written as base64 text'),
    });
  });

  it('says where the JSON breaks, by line and column', () => {
    const read = parseStatementParameters('[\n  {"S": "a"},\n  {"S": "b"\n]');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^Parameters are not valid JSON at line 4, column 1: /);
  });

  // src/dynamo's one DynamoDB-JSON reader's wording: the parameter, where it starts, the path inside it, what is wrong and how to write it.
  it.each([
    ['[\n  {"S": "a"},\n  {"S": 5}\n]', 'Parameter 2 (line 3, column 3) at S: a string value is text: write {"S": "…"}, not the number 5.'],
    ['["G#1"]', 'Parameter 1 (line 1, column 2): must be a DynamoDB JSON value such as {"S": "G#1"}, not the text "G#1".'],
    [
      '[{"N": "ten"}]',
      'Parameter 1 (line 1, column 2) at N: "ten" is not a number DynamoDB accepts: write digits with an optional sign, point and exponent (at most 38 significant digits), e.g. "12.50".',
    ],
    [
      '[{"X": "a"}]',
      'Parameter 1 (line 1, column 2): has "X", which is not a type: a DynamoDB JSON value has exactly one of S, N, B, BOOL, NULL, M, L, SS, NS, BS, e.g. {"S": "text"}.',
    ],
    [
      '[{"S": "a", "N": "1"}]',
      'Parameter 1 (line 1, column 2): has 2 types: a DynamoDB JSON value has exactly one of S, N, B, BOOL, NULL, M, L, SS, NS, BS, e.g. {"S": "text"}.',
    ],
    ['[{}]', 'Parameter 1 (line 1, column 2): is empty: a DynamoDB JSON value has exactly one of S, N, B, BOOL, NULL, M, L, SS, NS, BS, e.g. {"S": "text"}.'],
    [
      '[{"SS": []}]',
      'Parameter 1 (line 1, column 2) at SS: a set is a non-empty JSON array (DynamoDB has no empty sets: remove the attribute instead), e.g. {"SS": ["a", "b"]}.',
    ],
    ['[{"NS": ["1", "1.0"]}]', 'Parameter 1 (line 1, column 2) at NS[1]: "1.0" repeats element 0 ("1"): a set holds each value once; remove one.'],
    ['[{"M": {"a": {"S": 1}}}]', 'Parameter 1 (line 1, column 2) at M.a.S: a string value is text: write {"S": "…"}, not the number 1.'],
    // Every problem of the parameter, each with its path.
    [
      '[{"L": [{"BOOL": 1}, {"NULL": false}]}]',
      'Parameter 1 (line 1, column 2) at L[0].BOOL: must be true or false, not the number 1. Parameter 1 at L[1].NULL: must be true ({"NULL": true}), not false.',
    ],
    // A string holding brackets and commas doesn't move the next parameter's position.
    [
      '[{"S": "a,[b]"}, {"N": "x"}]',
      'Parameter 2 (line 1, column 18) at N: "x" is not a number DynamoDB accepts: write digits with an optional sign, point and exponent (at most 38 significant digits), e.g. "12.50".',
    ],
  ])('names the parameter that is not DynamoDB JSON, where it starts, and how to write it: %s', (text, message) => {
    expect(parseStatementParameters(text)).toEqual({ ok: false, message });
  });

  it('nests at most 32 levels of M and L, as DynamoDB', () => {
    const nested = (levels: number) => '{"L": ['.repeat(levels) + '{"S": "x"}' + ']}'.repeat(levels);
    expect(parseStatementParameters(`[${nested(32)}]`).ok).toBe(true);
    expect(parseStatementParameters(`[${nested(33)}]`)).toMatchObject({ ok: false, message: expect.stringContaining("deeper than DynamoDB's 32 levels") });
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
