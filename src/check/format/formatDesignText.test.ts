import { describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, serializeDesignDocument } from '../../design';
import { layoutDriftOf } from './checkLayout';
import { firstDifference, formatDesignText, keylabFileName, layoutProblem } from './formatDesignText';

const CANONICAL = serializeDesignDocument(LEADERBOARD_DESIGN);
const bytes = (text: string) => new TextEncoder().encode(text);

describe('formatDesignText', () => {
  it('gives a canonical Keylab design back with no difference', () => {
    expect(formatDesignText(CANONICAL, 'leaderboard.keylab.json')).toEqual({ kind: 'keylab', canonical: CANONICAL });
  });

  it('finds where a drifted file first differs: the first sample written over several lines', () => {
    const drifted = JSON.stringify(JSON.parse(CANONICAL), null, 2) + '\n';
    const result = formatDesignText(drifted, 'leaderboard.keylab.json');
    const line = CANONICAL.split('\n').findIndex((text) => text.includes('"run-1"')) + 1;
    expect(result).toMatchObject({
      kind: 'keylab',
      canonical: CANONICAL,
      difference: { line, column: 14, found: '            {', expected: expect.stringMatching(/^ {12}\{"id": "run-1", "values": /) },
    });
  });

  it('says a Workbench model is not a Keylab design file, and converts it only when asked', () => {
    const model = JSON.stringify({
      ModelName: 'M',
      DataModel: [{ TableName: 'T', KeyAttributes: { PartitionKey: { AttributeName: 'PK', AttributeType: 'S' } }, TableData: [{ PK: { S: 'A#1' } }] }],
    });
    const skipped = formatDesignText(model, 'models/m.json');
    expect(skipped).toMatchObject({
      kind: 'other',
      format: 'workbench',
      message: expect.stringContaining('models/m.json is a NoSQL Workbench model, not a Keylab design file'),
    });
    expect(skipped).not.toHaveProperty('keylab');
    const converted = formatDesignText(model, 'models/m.json', { toKeylab: true });
    expect(converted.kind === 'other' && converted.keylab).toMatch(/^\{\n {2}"format": "keylab\.design\/1",/);
  });

  it('refuses broken JSON with its line and column, and a file that is no design', () => {
    expect(formatDesignText('{\n  "format": "keylab.design/1",,\n}', 'a.keylab.json')).toMatchObject({
      kind: 'unreadable',
      problems: [{ line: 2, column: 31 }],
    });
    expect(formatDesignText('{"name": "x"}', 'package.json')).toMatchObject({ kind: 'unreadable', notADesignFile: true });
  });

  it('refuses a design whose reading drops something, rather than losing it', () => {
    const document = JSON.parse(CANONICAL);
    document.owner = 'team-a';
    const result = formatDesignText(JSON.stringify(document), 'x.keylab.json');
    expect(result).toMatchObject({
      kind: 'unreadable',
      format: 'keylab',
      problems: [{ path: 'owner', severity: 'error', message: expect.stringContaining('keylab format writes only what a design keeps') }],
    });
  });
});

describe('firstDifference and layoutProblem', () => {
  it.each([
    ['a changed line', 'a\nb\nc\n', 'a\nB\nc\n', { line: 2, column: 1, found: 'b', expected: 'B' }],
    ['CRLF line ends', 'a\r\nb\r\n', 'a\nb\n', { line: 1, column: 2, found: 'a\r', expected: 'a' }],
    ['no final newline', 'a\nb', 'a\nb\n', { line: 3, column: 1, found: '', expected: '' }],
    ['a missing line', 'a\n', 'a\nb\n', { line: 2, column: 1, found: '', expected: 'b' }],
  ] as const)('%s', (_what, text, canonical, difference) => {
    expect(firstDifference(text, canonical)).toEqual(difference);
  });

  it('quotes both lines as JSON strings, so control characters show as escapes', () => {
    const problem = layoutProblem('x.keylab.json', { line: 2, column: 1, found: 'a\u001b[31m', expected: 'b' });
    expect(problem).toMatchObject({ severity: 'error', line: 2, column: 1 });
    expect(problem.message).toBe(
      'not in the canonical layout (keylab format): line 2 is "a\\u001b[31m" where the layout has "b"; run keylab format x.keylab.json',
    );
    expect(layoutProblem('x.keylab.json', { line: 3, column: 1, found: '', expected: '' }).message).toContain('the file does not end with exactly one newline');
  });

  it('layoutDriftOf: none for canonical bytes or another format; a byte-order mark is drift at line 1', () => {
    expect(layoutDriftOf(bytes(CANONICAL), 'l.keylab.json')).toBeUndefined();
    expect(layoutDriftOf(Uint8Array.of(0xef, 0xbb, 0xbf, ...bytes(CANONICAL)), 'l.keylab.json')).toMatchObject({ line: 1, column: 1 });
    expect(layoutDriftOf(bytes(CANONICAL.replace(/\n/g, '\r\n')), 'l.keylab.json')).toMatchObject({ line: 1, column: 2 });
  });

  it('keylabFileName puts .keylab.json in place of the extension', () => {
    expect(keylabFileName('models/shop-model.json')).toBe('models/shop-model.keylab.json');
    expect(keylabFileName('stack.template.yaml')).toBe('stack.template.keylab.json');
  });
});
