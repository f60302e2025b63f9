import { describe, expect, it } from 'vitest';
import { plainMessageText, splitMessageText } from './messageText';

describe('splitMessageText', () => {
  it('splits a fix label into its words and the code it puts in the design', () => {
    expect(splitMessageText('Use `{score:int(10)}`')).toEqual([
      { kind: 'text', text: 'Use ' },
      { kind: 'code', text: '{score:int(10)}' },
    ]);
  });

  it('keeps the spaces between words and code in the words, and every code span in order', () => {
    expect(splitMessageText('Use `a` then `b` here.')).toEqual([
      { kind: 'text', text: 'Use ' },
      { kind: 'code', text: 'a' },
      { kind: 'text', text: ' then ' },
      { kind: 'code', text: 'b' },
      { kind: 'text', text: ' here.' },
    ]);
    expect(splitMessageText('`{at:iso}` sorts as text')).toEqual([
      { kind: 'code', text: '{at:iso}' },
      { kind: 'text', text: ' sorts as text' },
    ]);
  });

  it('keeps an unpaired backtick as text, so no character is lost', () => {
    expect(splitMessageText('Add a `# tiebreaker')).toEqual([{ kind: 'text', text: 'Add a `# tiebreaker' }]);
    expect(splitMessageText('x `a` y `b')).toEqual([
      { kind: 'text', text: 'x ' },
      { kind: 'code', text: 'a' },
      { kind: 'text', text: ' y `b' },
    ]);
    expect(
      splitMessageText('x `a` `b')
        .map((span) => span.text)
        .join(''),
    ).toBe('x a `b');
  });

  it('gives words only for a message without code, and nothing for an empty one', () => {
    expect(splitMessageText('Plain words.')).toEqual([{ kind: 'text', text: 'Plain words.' }]);
    expect(splitMessageText('')).toEqual([]);
    expect(splitMessageText('a `` b')).toEqual([{ kind: 'text', text: 'a  b' }]);
  });

  it('keeps code spans exactly, spaces and invisible characters included', () => {
    expect(splitMessageText('Key ` a\u200b ` here')).toEqual([
      { kind: 'text', text: 'Key ' },
      { kind: 'code', text: ' a\u200b ' },
      { kind: 'text', text: ' here' },
    ]);
  });
});

describe('plainMessageText', () => {
  it('reads a message without its backticks, as an accessible name does', () => {
    expect(plainMessageText('Use `{at:iso}`')).toBe('Use {at:iso}');
    expect(plainMessageText('Add a `# tiebreaker')).toBe('Add a `# tiebreaker');
  });
});
