import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeyFinding, KeyFindingCode, KeyResult } from './keyFinding';
import { printFormatSuffix, type FieldFormat, type KeyTemplate, type TemplateSegment } from './codecs';
import { MAX_FIELD_WIDTH, MAX_FRACTION_DIGITS, parseKeyTemplate, printKeyTemplate } from './parseKeyTemplate';
import { expectErr, expectOk } from '../errors/testing';

const RUNS = { numRuns: 300 };

function parsed(text: string): KeyTemplate {
  const result = parseKeyTemplate(text);
  expectOk(result);
  return result.value;
}

function findingsOf(result: KeyResult<unknown>): readonly KeyFinding[] {
  expectErr(result);
  return result.findings;
}

const lit = (text: string): TemplateSegment => ({ kind: 'literal', text });
const field = (name: string, format: FieldFormat = { kind: 'string' }): TemplateSegment => ({ kind: 'field', name, format });
const int = (width: number, descending = false): FieldFormat => ({ kind: 'int', width, descending });

describe('parseKeyTemplate: valid templates', () => {
  it.each<[string, TemplateSegment[]]>([
    ['EVT#{at:iso}', [lit('EVT#'), field('at', { kind: 'iso', precision: 's' })]],
    [
      '{score:int(10)}#{ts:epoch(16)}#{playerId}',
      [field('score', int(10)), lit('#'), field('ts', { kind: 'epoch', unit: 's', width: 16 }), lit('#'), field('playerId')],
    ],
    ['{score:int(10,desc)}', [field('score', int(10, true))]],
    ['{score:int(10, DESC)}', [field('score', int(10, true))]],
    ['{score:int(10,asc)}', [field('score', int(10))]],
    ['{score:int(1)}', [field('score', int(1))]],
    [`{score:int(${MAX_FIELD_WIDTH})}`, [field('score', int(MAX_FIELD_WIDTH))]],
    ['{delta:sint(4)}', [field('delta', { kind: 'sint', width: 4 })]],
    ['{price:dec(8,2)}', [field('price', { kind: 'dec', integerDigits: 8, fractionDigits: 2 })]],
    ['{price:dec(8,0)}', [field('price', { kind: 'dec', integerDigits: 8, fractionDigits: 0 })]],
    [`{price:dec(1,${MAX_FRACTION_DIGITS})}`, [field('price', { kind: 'dec', integerDigits: 1, fractionDigits: 38 })]],
    ['{at:iso(ms)}', [field('at', { kind: 'iso', precision: 'ms' })]],
    ['{at:iso(MS)}', [field('at', { kind: 'iso', precision: 'ms' })]],
    ['{at:iso(s)}', [field('at', { kind: 'iso', precision: 's' })]],
    ['{ts:epoch}', [field('ts', { kind: 'epoch', unit: 's', width: 10 })]],
    ['{ts:epochms}', [field('ts', { kind: 'epoch', unit: 'ms', width: 13 })]],
    ['{ts:epochms(16)}', [field('ts', { kind: 'epoch', unit: 'ms', width: 16 })]],
    ['{name:str}', [field('name')]],
    ['{name:string}', [field('name')]],
    ['{ name }', [field('name')]],
    ['{ n : int ( 010 ) }', [field('n', int(10))]],
    ['{_x9}', [field('_x9')]],
    ['PLAIN', [lit('PLAIN')]],
    ['{{literal}}', [lit('{literal}')]],
    ['a{{b', [lit('a{b')]],
    ['}}', [lit('}')]],
    ['{{{a}}}', [lit('{'), field('a'), lit('}')]],
    ['{a}}}', [field('a'), lit('}')]],
    ['{a}#{b}', [field('a'), lit('#'), field('b')]],
    ['{n:int(5)}{name}', [field('n', int(5)), field('name')]],
  ])('%s', (text, segments) => {
    expect(parsed(text).segments).toEqual(segments);
  });
});

describe('parseKeyTemplate: findings', () => {
  it('reports an empty template', () => {
    expect(findingsOf(parseKeyTemplate(''))).toEqual([
      { code: 'template.empty', message: expect.stringMatching(/empty.*\{score:int\(10\)\}#\{playerId\}/), span: { start: 0, end: 0 } },
    ]);
  });

  it.each<[string, KeyFindingCode, { start: number; end: number }, RegExp[]]>([
    // Unclosed {: the span runs to the end, or to the next {.
    ['ab{cd', 'template.syntax', { start: 2, end: 5 }, [/The \{ at position 3 is never closed/, /\{\{ for a literal \{/]],
    ['{a{b}', 'template.syntax', { start: 0, end: 2 }, [/position 1 is never closed/, /\{name\}/]],
    ['{', 'template.syntax', { start: 0, end: 1 }, [/never closed/]],
    // Stray }.
    ['a}b', 'template.syntax', { start: 1, end: 2 }, [/The \} at position 2 closes nothing/, /write \}\} for a literal \}/]],
    ['{{a}', 'template.syntax', { start: 3, end: 4 }, [/position 4 closes nothing/]],
    // Bad names.
    ['{}', 'template.syntax', { start: 0, end: 2 }, [/\{\} has no field name/, /\{name:int\(10\)\}/]],
    ['{:int(5)}', 'template.syntax', { start: 0, end: 9 }, [/has no field name/]],
    ['x{1abc}', 'template.syntax', { start: 1, end: 7 }, [/Field name "1abc" must start with a letter or _/]],
    ['{a-b}', 'template.syntax', { start: 0, end: 5 }, [/Field name "a-b"/, /letters, digits and _/]],
    ['{é}', 'template.syntax', { start: 0, end: 3 }, [/Field name "é"/]],
    // Unreadable types.
    ['{a:}', 'template.syntax', { start: 0, end: 4 }, [/Can't read the type "" of \{a:\}/, /\{a:int\(10\)\}/]],
    ['{a:int(10}', 'template.syntax', { start: 0, end: 10 }, [/Can't read the type "int\(10"/]],
    ['{a:int(10)x}', 'template.syntax', { start: 0, end: 12 }, [/Can't read the type "int\(10\)x"/]],
    ['{a:1}', 'template.syntax', { start: 0, end: 5 }, [/Can't read the type "1"/]],
    // Unknown types.
    ['{a:float}', 'template.unknownType', { start: 0, end: 9 }, [/Unknown field type "float"/, /use int, sint, dec, iso, epoch, epochms/]],
    ['#{a:INT(10)}', 'template.unknownType', { start: 1, end: 12 }, [/Unknown field type "INT"/]],
    ['{a:date}', 'template.unknownType', { start: 0, end: 8 }, [/"date"/, /no type for a plain string/]],
    // Bad arguments.
    ['{a:int}', 'template.badArguments', { start: 0, end: 7 }, [/int takes a width and optionally desc: \{a:int\(10\)\} or \{a:int\(10,desc\)\}/]],
    ['{a:int(1,desc,x)}', 'template.badArguments', { start: 0, end: 17 }, [/int takes a width/]],
    ['{a:int()}', 'template.badArguments', { start: 0, end: 9 }, [/The width of int must be a whole number from 1 to 256: \{a:int\(10\)\}/]],
    ['{a:int(0)}', 'template.badArguments', { start: 0, end: 10 }, [/from 1 to 256, not "0"/]],
    ['{a:int(257)}', 'template.badArguments', { start: 0, end: 12 }, [/from 1 to 256, not "257"/]],
    ['{a:int(10000)}', 'template.badArguments', { start: 0, end: 14 }, [/not "10000"/]],
    ['{a:int(abc)}', 'template.badArguments', { start: 0, end: 12 }, [/not "abc"/]],
    ['{a:int(-1)}', 'template.badArguments', { start: 0, end: 11 }, [/not "-1"/]],
    ['{a:int(10,up)}', 'template.badArguments', { start: 0, end: 14 }, [/direction, asc or desc, not "up"/, /\{a:int\(10,desc\)\}/]],
    ['{a:int(10,)}', 'template.badArguments', { start: 0, end: 12 }, [/asc or desc, not ""/]],
    ['{a:sint}', 'template.badArguments', { start: 0, end: 8 }, [/sint takes one width/, /\{a:sint\(10\)\}/]],
    ['{a:sint(4,2)}', 'template.badArguments', { start: 0, end: 13 }, [/sint takes one width/]],
    ['{a:sint(0)}', 'template.badArguments', { start: 0, end: 11 }, [/The width of sint must be a whole number from 1 to 256, not "0"/]],
    ['{a:dec(8)}', 'template.badArguments', { start: 0, end: 10 }, [/dec takes integer digits and fraction digits: \{a:dec\(8,2\)\}/]],
    ['{a:dec(0,2)}', 'template.badArguments', { start: 0, end: 12 }, [/The integer digits of dec must be a whole number from 1 to 256, not "0"/]],
    ['{a:dec(8,39)}', 'template.badArguments', { start: 0, end: 13 }, [/The fraction digits of dec must be a whole number from 0 to 38, not "39"/]],
    ['{a:dec(8,x)}', 'template.badArguments', { start: 0, end: 12 }, [/fraction digits of dec/]],
    ['{a:iso(us)}', 'template.badArguments', { start: 0, end: 11 }, [/iso takes an optional precision, s or ms: \{a:iso\} or \{a:iso\(ms\)\}/]],
    ['{a:iso(s,ms)}', 'template.badArguments', { start: 0, end: 13 }, [/iso takes an optional precision/]],
    ['{a:iso()}', 'template.badArguments', { start: 0, end: 9 }, [/iso takes an optional precision/]],
    ['{a:epoch(1,2)}', 'template.badArguments', { start: 0, end: 14 }, [/epoch takes one width: \{a:epoch\(16\)\}/]],
    ['{a:epoch(0)}', 'template.badArguments', { start: 0, end: 12 }, [/The width of epoch must be a whole number from 1 to 256, not "0"/]],
    ['{a:epochms(x)}', 'template.badArguments', { start: 0, end: 14 }, [/The width of epochms/, /\{a:epochms\(13\)\}/]],
    ['{a:epoch()}', 'template.badArguments', { start: 0, end: 11 }, [/The width of epoch must be/]],
    ['{a:str(5)}', 'template.badArguments', { start: 0, end: 10 }, [/A string field takes no arguments: write \{a\}/]],
  ])('%s → %s', (text, code, span, messages) => {
    const findings = findingsOf(parseKeyTemplate(text));
    expect(findings).toHaveLength(1);
    const [finding] = findings as [KeyFinding];
    expect(finding.code).toBe(code);
    expect(finding.span).toEqual(span);
    for (const message of messages) expect(finding.message).toMatch(message);
  });

  it('reports a duplicate field at its second placeholder', () => {
    expect(findingsOf(parseKeyTemplate('{a}#{a}'))).toEqual([
      { code: 'template.duplicateField', field: 'a', span: { start: 4, end: 7 }, message: 'The field "a" appears twice: give each field its own name.' },
    ]);
  });

  it('locates every repeat of a field, also when spaced or next to escaped braces', () => {
    const three = findingsOf(parseKeyTemplate('{a}#{a:int(3)}#{a}'));
    expect(three.map((f) => [f.code, f.span])).toEqual([
      ['template.duplicateField', { start: 4, end: 14 }],
      ['template.duplicateField', { start: 15, end: 18 }],
    ]);
    expect(findingsOf(parseKeyTemplate('{ a }#{a}'))[0]?.span).toEqual({ start: 6, end: 9 });
    // "{{a}}" is the literal text {a}, not a field.
    expect(findingsOf(parseKeyTemplate('{{a}}#{a}#{a}'))[0]?.span).toEqual({ start: 10, end: 13 });
  });

  it('reports a string field running into another field, naming both and the fix', () => {
    const findings = findingsOf(parseKeyTemplate('{name}{n:int(5)}'));
    expect(findings).toHaveLength(1);
    const [finding] = findings as [KeyFinding];
    expect(finding.code).toBe('template.ambiguousField');
    expect(finding.field).toBe('name');
    expect(finding.span).toEqual({ start: 0, end: 6 });
    expect(finding.message).toMatch(/"name" runs straight into \{n\}/);
    expect(finding.message).toMatch(/\{name\}#\{n…\}/);
    expect(findingsOf(parseKeyTemplate('X{a}{b}'))[0]).toMatchObject({ code: 'template.ambiguousField', field: 'a', span: { start: 1, end: 4 } });
  });

  it('a fixed-width field may run into a string field', () => {
    expect(parseKeyTemplate('{n:int(5)}{name}').ok).toBe(true);
  });

  it('reports all findings, ordered by position', () => {
    const findings = findingsOf(parseKeyTemplate('}{a:bad}{b}{b}{'));
    expect(findings.map((f) => [f.code, f.span?.start])).toEqual([
      ['template.syntax', 0],
      ['template.unknownType', 1],
      ['template.ambiguousField', 8],
      ['template.duplicateField', 11],
      ['template.syntax', 14],
    ]);
  });
});

describe('printKeyTemplate', () => {
  it.each([
    ['{a:str}', '{a}'],
    ['{a:string}', '{a}'],
    ['{ a }', '{a}'],
    ['{e:epoch}', '{e:epoch(10)}'],
    ['{e:epochms}', '{e:epochms(13)}'],
    ['{n:int(10,asc)}', '{n:int(10)}'],
    ['{n:int(10,DESC)}', '{n:int(10,desc)}'],
    ['{ n : int( 010 ) }', '{n:int(10)}'],
    ['{t:iso(s)}', '{t:iso}'],
    ['{t:iso(MS)}', '{t:iso(ms)}'],
    ['{d:sint(04)}', '{d:sint(4)}'],
    ['{p:dec( 8 , 2 )}', '{p:dec(8,2)}'],
    ['{{x}}#{a}', '{{x}}#{a}'],
    ['{score:int(10)}#{ts:epoch(16)}#{playerId}', '{score:int(10)}#{ts:epoch(16)}#{playerId}'],
  ])('%s prints as %s', (text, canonical) => {
    expect(printKeyTemplate(parsed(text))).toBe(canonical);
    expect(printKeyTemplate(parsed(canonical))).toBe(canonical);
  });

  it('escapes braces in literals', () => {
    expect(printKeyTemplate({ segments: [lit('{'), field('a'), lit('}x{')] })).toBe('{{{a}}}x{{');
  });

  it.each<[FieldFormat, string]>([
    [{ kind: 'string' }, ''],
    [int(10, true), ':int(10,desc)'],
    [{ kind: 'sint', width: 4 }, ':sint(4)'],
    [{ kind: 'dec', integerDigits: 8, fractionDigits: 2 }, ':dec(8,2)'],
    [{ kind: 'iso', precision: 's' }, ':iso'],
    [{ kind: 'iso', precision: 'ms' }, ':iso(ms)'],
    [{ kind: 'epoch', unit: 's', width: 16 }, ':epoch(16)'],
    [{ kind: 'epoch', unit: 'ms', width: 13 }, ':epochms(13)'],
  ])('printFormatSuffix(%j) = %s', (format, suffix) => {
    expect(printFormatSuffix(format)).toBe(suffix);
  });
});

// ---------------------------------------------------------------------------
// Round trip over generated templates.

const width = fc.integer({ min: 1, max: MAX_FIELD_WIDTH });
const formatArb: fc.Arbitrary<FieldFormat> = fc.oneof(
  fc.constant<FieldFormat>({ kind: 'string' }),
  fc.record({ kind: fc.constant('int' as const), width, descending: fc.boolean() }),
  fc.record({ kind: fc.constant('sint' as const), width }),
  fc.record({ kind: fc.constant('dec' as const), integerDigits: width, fractionDigits: fc.integer({ min: 0, max: MAX_FRACTION_DIGITS }) }),
  fc.record({ kind: fc.constant('iso' as const), precision: fc.constantFrom('s' as const, 'ms' as const) }),
  fc.record({ kind: fc.constant('epoch' as const), unit: fc.constantFrom('s' as const, 'ms' as const), width }),
);
const nameArb = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,5}$/);
const literalArb = fc.string({
  unit: fc.constantFrom('#', '{', '}', '{', '}', 'a', 'Z', ':', '(', ')', ',', ' ', 'é', '𝄞', '_', '1', '|'),
  minLength: 1,
  maxLength: 5,
});
const rawSegments = fc.array(
  fc.oneof(
    literalArb.map((text): TemplateSegment => ({ kind: 'literal', text })),
    fc.tuple(nameArb, formatArb).map(([name, format]): TemplateSegment => ({ kind: 'field', name, format })),
  ),
  { minLength: 1, maxLength: 7 },
);

/**
 * Makes a generated segment list valid: adjacent literals merged (they would
 * print as one), field names made unique, and a `#` after a string field that
 * would otherwise run into another field.
 */
function validTemplate(segments: readonly TemplateSegment[]): KeyTemplate {
  const out: TemplateSegment[] = [];
  const names = new Set<string>();
  for (const segment of segments) {
    const previous = out[out.length - 1];
    if (segment.kind === 'literal') {
      if (previous?.kind === 'literal') out[out.length - 1] = { kind: 'literal', text: previous.text + segment.text };
      else out.push(segment);
      continue;
    }
    let name = segment.name;
    for (let n = 2; names.has(name); n++) name = `${segment.name}_${n}`;
    names.add(name);
    if (previous?.kind === 'field' && previous.format.kind === 'string') out.push({ kind: 'literal', text: '#' });
    out.push({ ...segment, name });
  }
  return { segments: out };
}

describe('properties', () => {
  it('printKeyTemplate(parseKeyTemplate(t)) round-trips generated templates', () => {
    fc.assert(
      fc.property(rawSegments.map(validTemplate), (template) => {
        const text = printKeyTemplate(template);
        const result = parseKeyTemplate(text);
        expectOk(result, text);
        expect(result.value).toEqual(template);
        expect(printKeyTemplate(result.value)).toBe(text);
      }),
      RUNS,
    );
  });

  it('never throws on arbitrary text, and every finding is located inside the text', () => {
    const codes = new Set([
      'template.empty',
      'template.syntax',
      'template.unknownType',
      'template.badArguments',
      'template.duplicateField',
      'template.ambiguousField',
    ]);
    const text = fc.string({ unit: fc.constantFrom('{', '}', ':', '(', ')', ',', 'a', 'b', 'int', 'iso', 'desc', '1', ' ', '#'), maxLength: 16 });
    fc.assert(
      fc.property(text, (t) => {
        const result = parseKeyTemplate(t);
        if (result.ok) {
          // Whatever parses prints to text that parses to the same template.
          expect(parsed(printKeyTemplate(result.value))).toEqual(result.value);
          return;
        }
        for (const finding of result.findings) {
          expect(codes.has(finding.code)).toBe(true);
          expect(finding.message.length).toBeGreaterThan(0);
          expect(finding.span).toBeDefined();
          expect(finding.span?.start).toBeGreaterThanOrEqual(0);
          expect(finding.span?.end).toBeLessThanOrEqual(t.length);
          expect(finding.span?.start).toBeLessThanOrEqual(finding.span?.end ?? -1);
        }
      }),
      RUNS,
    );
  });
});
