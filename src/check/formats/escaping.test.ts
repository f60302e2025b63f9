import { describe, expect, it } from 'vitest';
import { readXml } from './formats.fixtures';
import { escapeCommandData, escapeCommandProperty, workflowCommand } from './githubCommand';
import { escapeXml } from './xmlText';

const HOSTILE = 'Orders<&>"\'\u0001]]>\ttab\nline\r\u{1F600}\uD800end';

describe('escapeXml', () => {
  it('keeps hostile text well-formed and readable back, in text and in attributes', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<a name="${escapeXml(HOSTILE, 'attribute')}">${escapeXml(HOSTILE)}</a>`;
    const root = readXml(xml);
    // What XML cannot hold is kept as visible \uXXXX text; everything else reads back as it was.
    const readable = HOSTILE.replace('\u0001', '\\u0001').replace('\uD800', '\\ud800');
    expect(root.attributes.name).toBe(readable);
    expect(root.text).toBe(readable);
    expect(xml).not.toContain(']]>');
  });

  it('refuses what a strict reader refuses (the reader is no pushover)', () => {
    expect(() => readXml(`<a>${HOSTILE}</a>`)).toThrow();
    expect(() => readXml('<a b="1" b="2"/>')).toThrow(/duplicate/);
    expect(() => readXml('<a>&nbsp;</a>')).toThrow(/unknown entity/);
  });
});

describe('workflow command escaping', () => {
  it('percent-encodes %, CR and LF in the message, and : and , in properties too', () => {
    expect(escapeCommandData('50% done\r\nnext: a, b')).toBe('50%25 done%0D%0Anext: a, b');
    expect(escapeCommandProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
  });

  it('keeps a hostile table name inside one command', () => {
    const line = workflowCommand(
      'error',
      { file: 'designs/x,y:z.json', line: 3, col: 7, title: 'T::x\n::warning::injected' },
      'Table Orders\n::error::injected%0A',
    );
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toBe('::error file=designs/x%2Cy%3Az.json,line=3,col=7,title=T%3A%3Ax%0A%3A%3Awarning%3A%3Ainjected::Table Orders%0A::error::injected%250A');
  });
});
