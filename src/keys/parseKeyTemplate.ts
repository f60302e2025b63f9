import { printFormatSuffix, type FieldFormat, type KeyTemplate, type TemplateSegment } from './codecs';
import { fail, succeed, type KeyFinding, type KeyResult } from './keyFinding';

/** Widths above this can't fit a DynamoDB sort key (1024 bytes) in any useful design. */
export const MAX_FIELD_WIDTH = 256;
/** DynamoDB numbers keep 38 significant digits; a fixed-point fraction can't usefully exceed it. */
export const MAX_FRACTION_DIGITS = 38;
/** Default widths when an epoch field omits one: seconds fit 10 digits until the year 2286. */
const DEFAULT_EPOCH_WIDTH = { s: 10, ms: 13 } as const;

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TYPE_LIST = 'int, sint, dec, iso, epoch, epochms (or no type for a plain string)';

/**
 * Parses key-template text into segments, or returns findings located by
 * character span. Literal braces are written `{{` and `}}`.
 *
 * Grammar: `{name}` string · `{name:int(W)}` · `{name:int(W,desc)}` ·
 * `{name:sint(W)}` · `{name:dec(I,F)}` · `{name:iso}` · `{name:iso(ms)}` ·
 * `{name:epoch(W)}` · `{name:epochms(W)}`; anything else is literal text.
 *
 * @example
 * parseKeyTemplate("EVT#{at:iso}")
 * // { ok: true, value: { segments: [ { kind: "literal", text: "EVT#" },
 * //   { kind: "field", name: "at", format: { kind: "iso", precision: "s" } } ] } }
 */
export function parseKeyTemplate(text: string): KeyResult<KeyTemplate> {
  if (text.length === 0) {
    return fail({
      code: 'template.empty',
      message: 'The key template is empty: write literal text and fields, e.g. {score:int(10)}#{playerId}.',
      span: { start: 0, end: 0 },
    });
  }
  const segments: TemplateSegment[] = [];
  /** Where each field placeholder stands in the text, for findings about the template as a whole. */
  const fieldSpans = new Map<TemplateSegment, Span>();
  const findings: KeyFinding[] = [];
  let literal = '';
  let i = 0;
  const flushLiteral = () => {
    if (literal) segments.push({ kind: 'literal', text: literal });
    literal = '';
  };
  while (i < text.length) {
    const char = text[i];
    if (char === '{' && text[i + 1] === '{') {
      literal += '{';
      i += 2;
    } else if (char === '}' && text[i + 1] === '}') {
      literal += '}';
      i += 2;
    } else if (char === '}') {
      findings.push({
        code: 'template.syntax',
        message: `The } at position ${i + 1} closes nothing: remove it, or write }} for a literal }.`,
        span: { start: i, end: i + 1 },
      });
      i += 1;
    } else if (char === '{') {
      const close = text.indexOf('}', i + 1);
      const nextOpen = text.indexOf('{', i + 1);
      if (close < 0 || (nextOpen >= 0 && nextOpen < close)) {
        findings.push({
          code: 'template.syntax',
          message: `The { at position ${i + 1} is never closed: write {name} or {name:int(10)}, or {{ for a literal {.`,
          span: { start: i, end: close < 0 ? text.length : nextOpen },
        });
        literal += char;
        i += 1;
        continue;
      }
      flushLiteral();
      const span = { start: i, end: close + 1 };
      const field = parsePlaceholder(text.slice(i + 1, close), span);
      if ('finding' in field) findings.push(field.finding);
      else {
        segments.push(field.segment);
        fieldSpans.set(field.segment, span);
      }
      i = close + 1;
    } else {
      literal += char;
      i += 1;
    }
  }
  flushLiteral();
  findings.push(...checkStructure(segments, fieldSpans, text));
  findings.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
  return findings.length > 0 ? fail(...findings) : succeed({ segments });
}

type Span = { readonly start: number; readonly end: number };
type PlaceholderResult = { segment: TemplateSegment } | { finding: KeyFinding };

function parsePlaceholder(body: string, span: Span): PlaceholderResult {
  const colon = body.indexOf(':');
  const name = (colon < 0 ? body : body.slice(0, colon)).trim();
  const typeText = colon < 0 ? '' : body.slice(colon + 1).trim();
  const bad = (code: KeyFinding['code'], message: string): PlaceholderResult => ({ finding: { code, message, span } });
  if (!FIELD_NAME.test(name)) {
    return bad(
      'template.syntax',
      name === ''
        ? `{${body}} has no field name: write {name} or {name:int(10)}.`
        : `Field name "${name}" must start with a letter or _ and contain only letters, digits and _.`,
    );
  }
  if (colon < 0) return { segment: { kind: 'field', name, format: { kind: 'string' } } };
  const typeMatch = /^([A-Za-z]+)\s*(?:\(([^()]*)\))?$/.exec(typeText);
  if (!typeMatch) {
    return bad('template.syntax', `Can't read the type "${typeText}" of {${body}}: write a type and optional arguments, e.g. {${name}:int(10)}.`);
  }
  const [, typeName = '', argText] = typeMatch;
  const args = argText === undefined ? [] : argText.split(',').map((arg) => arg.trim());
  const format = parseFormat(typeName, args, name);
  if (typeof format === 'string') return bad(format.startsWith('Unknown') ? 'template.unknownType' : 'template.badArguments', format);
  return { segment: { kind: 'field', name, format } };
}

/** Returns the format, or a message saying what is wrong with the type or its arguments. */
function parseFormat(typeName: string, args: string[], name: string): FieldFormat | string {
  const width = (text: string | undefined, what: string, example: string, min = 1, max = MAX_FIELD_WIDTH): number | string => {
    const value = text !== undefined && /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!(value >= min && value <= max)) {
      return `${what} must be a whole number from ${min} to ${max}${text ? `, not "${text}"` : ''}: ${example}.`;
    }
    return value;
  };
  switch (typeName) {
    case 'str':
    case 'string':
      if (args.length > 0) return `A string field takes no arguments: write {${name}}.`;
      return { kind: 'string' };
    case 'int': {
      const example = `{${name}:int(10)} or {${name}:int(10,desc)}`;
      if (args.length < 1 || args.length > 2) return `int takes a width and optionally desc: ${example}.`;
      const w = width(args[0], 'The width of int', example);
      if (typeof w === 'string') return w;
      const direction = args[1]?.toLowerCase();
      if (direction !== undefined && direction !== 'desc' && direction !== 'asc') {
        return `The second argument of int is a direction, asc or desc, not "${args[1]}": ${example}.`;
      }
      return { kind: 'int', width: w, descending: direction === 'desc' };
    }
    case 'sint': {
      const example = `{${name}:sint(10)}`;
      if (args.length !== 1) return `sint takes one width, the digits of the largest magnitude: ${example}.`;
      const w = width(args[0], 'The width of sint', example);
      return typeof w === 'string' ? w : { kind: 'sint', width: w };
    }
    case 'dec': {
      const example = `{${name}:dec(8,2)} (8 integer digits, 2 after the point)`;
      if (args.length !== 2) return `dec takes integer digits and fraction digits: ${example}.`;
      const integerDigits = width(args[0], 'The integer digits of dec', example);
      if (typeof integerDigits === 'string') return integerDigits;
      const fractionDigits = width(args[1], 'The fraction digits of dec', example, 0, MAX_FRACTION_DIGITS);
      if (typeof fractionDigits === 'string') return fractionDigits;
      return { kind: 'dec', integerDigits, fractionDigits };
    }
    case 'iso': {
      const precision = args[0]?.toLowerCase() ?? 's';
      if (args.length > 1 || (precision !== 's' && precision !== 'ms')) {
        return `iso takes an optional precision, s or ms: {${name}:iso} or {${name}:iso(ms)}.`;
      }
      return { kind: 'iso', precision };
    }
    case 'epoch':
    case 'epochms': {
      const unit = typeName === 'epoch' ? 's' : 'ms';
      const example = `{${name}:${typeName}(${unit === 's' ? 16 : 13})}`;
      if (args.length > 1) return `${typeName} takes one width: ${example}.`;
      const w = args.length === 0 ? DEFAULT_EPOCH_WIDTH[unit] : width(args[0], `The width of ${typeName}`, example);
      return typeof w === 'string' ? w : { kind: 'epoch', unit, width: w };
    }
    default:
      return `Unknown field type "${typeName}" in {${name}:${typeName}…}: use ${TYPE_LIST}.`;
  }
}

/** Template-wide rules: unique field names, and every string field decodable. */
function checkStructure(segments: readonly TemplateSegment[], fieldSpans: ReadonlyMap<TemplateSegment, Span>, text: string): KeyFinding[] {
  const findings: KeyFinding[] = [];
  const seen = new Set<string>();
  const whole = { start: 0, end: text.length };
  segments.forEach((segment, index) => {
    if (segment.kind !== 'field') return;
    if (seen.has(segment.name)) {
      findings.push({
        code: 'template.duplicateField',
        message: `The field "${segment.name}" appears twice: give each field its own name.`,
        field: segment.name,
        span: fieldSpans.get(segment) ?? whole,
      });
    }
    seen.add(segment.name);
    const next = segments[index + 1];
    if (segment.format.kind === 'string' && next?.kind === 'field') {
      findings.push({
        code: 'template.ambiguousField',
        message: `The string field "${segment.name}" runs straight into {${next.name}}: put a delimiter between them (e.g. {${segment.name}}#{${next.name}…}) so the key can be read back and sorts by ${segment.name} first.`,
        field: segment.name,
        span: fieldSpans.get(segment) ?? whole,
      });
    }
  });
  return findings;
}

/**
 * Prints a template in canonical text form; `parseKeyTemplate` reads it back
 * to the same segments.
 *
 * @example
 * printKeyTemplate({ segments: [{ kind: "field", name: "score", format: { kind: "int", width: 10, descending: true } }] })
 * // "{score:int(10,desc)}"
 */
export function printKeyTemplate(template: KeyTemplate): string {
  return template.segments.map(printSegment).join('');
}

function printSegment(segment: TemplateSegment): string {
  if (segment.kind === 'literal') return segment.text.replace(/[{}]/g, (brace) => brace + brace);
  return `{${segment.name}${printFormatSuffix(segment.format)}}`;
}
