import { fieldWidth, type FieldFormat, type FieldSegment, type KeyTemplate } from '../../../keys';
import { updateAccessPattern } from '../../accessPatterns';
import type { AccessPatternDesign, TableDesign } from '../../design.types';
import { changeTable } from '../../edit';
import type { EntityReview } from '../reviewContext';
import type { ReviewEvidence, ReviewFinding, ReviewFix, ReviewRule } from '../review.types';
import { beginsWithOf, builtRequest, sampleId } from './patternRuleSupport';

/**
 * review.beginsWithInsideField: an access pattern's begins_with prefix that
 * stops in the middle of a field. `begins_with(SK, "EVT#2026-1")` reads
 * like January but selects October to December; `SCORE#15` on a padded
 * score selects 1,500,000,000 to 1,599,999,999. The pattern's own Query is
 * built (buildPatternRequest) and its prefix laid over the entity's compiled
 * template to see where it ends.
 */

/** Where a prefix ends in a template: on a boundary (fine), inside a field, or not on this template at all. */
export type PrefixEnd =
  | { readonly kind: 'boundary' }
  | { readonly kind: 'mismatch' }
  /** `start`: where the field starts in the prefix; `offset`: how many of its characters the prefix gives. */
  | { readonly kind: 'insideField'; readonly field: FieldSegment; readonly start: number; readonly offset: number; readonly delimiter?: string };

/**
 * The characters of a fixed-width field's encoded text, `0` for a digit: a
 * prefix may stop between two components (`2026-06`, the sign slot, the
 * decimal point) but not between two digits of one.
 */
function fieldShape(format: FieldFormat): string | undefined {
  switch (format.kind) {
    case 'int':
    case 'epoch':
      return '0'.repeat(format.width);
    case 'sint':
      return '-' + '0'.repeat(format.width);
    case 'dec':
      return '0'.repeat(format.integerDigits) + (format.fractionDigits > 0 ? '.' + '0'.repeat(format.fractionDigits) : '');
    case 'iso':
      return format.precision === 'ms' ? '0000-00-00T00:00:00.000Z' : '0000-00-00T00:00:00Z';
    case 'string':
      return undefined;
  }
}

const isDigitSlot = (shape: string, at: number) => shape.charAt(at) === '0';

/** Lays a prefix over a template, segment by segment. */
export function prefixEnd(template: KeyTemplate, prefix: string): PrefixEnd {
  const segments = template.segments;
  let position = 0;
  for (let index = 0; index < segments.length; index++) {
    const rest = prefix.length - position;
    if (rest <= 0) return { kind: 'boundary' };
    const segment = segments[index]!;
    if (segment.kind === 'literal') {
      const given = prefix.slice(position, position + segment.text.length);
      if (!segment.text.startsWith(given)) return { kind: 'mismatch' };
      // A prefix ending inside a literal (`ORDER` of `ORDER#`) is review.prefixOverlap's business.
      if (given.length < segment.text.length) return { kind: 'boundary' };
      position += segment.text.length;
      continue;
    }
    const width = fieldWidth(segment.format);
    if (width !== undefined) {
      if (rest >= width) {
        position += width;
        continue;
      }
      const shape = fieldShape(segment.format)!;
      return isDigitSlot(shape, rest - 1) && isDigitSlot(shape, rest)
        ? { kind: 'insideField', field: segment, start: position, offset: rest }
        : { kind: 'boundary' };
    }
    const next = segments[index + 1];
    const delimiter = next?.kind === 'literal' ? next.text : undefined;
    const end = delimiter === undefined ? -1 : prefix.indexOf(delimiter, position);
    if (end < 0) return { kind: 'insideField', field: segment, start: position, offset: rest, ...(delimiter !== undefined ? { delimiter } : {}) };
    position = end;
  }
  return prefix.length > position ? { kind: 'mismatch' } : { kind: 'boundary' };
}

export const beginsWithInsideField: ReviewRule = {
  code: 'review.beginsWithInsideField',
  severity: 'warning',
  title: 'A begins_with prefix that ends inside a field',
  why: 'begins_with compares characters, not values: a prefix that stops inside a field also selects every value that continues it (`EVT#2026-1` is October to December, not January). End the prefix where a field ends, or give field values and let the key builder encode the bounds.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const table of context.design.tables) {
      const reviews = context.entitiesOf(table);
      for (const pattern of table.accessPatterns) {
        const built = builtRequest(table, pattern);
        const condition = built.ok ? beginsWithOf(built.request) : undefined;
        if (!condition) continue;
        for (const name of pattern.entities) {
          const review = reviews.find((candidate) => candidate.entity.name === name);
          const template = review?.template(condition.attribute);
          const end = template?.compiled ? prefixEnd(template.compiled.template, condition.prefix) : undefined;
          if (!review || !template || end?.kind !== 'insideField') continue;
          findings.push(inside(context, table, pattern, review, condition.attribute, template.text, condition.prefix, end));
          break;
        }
      }
    }
    return findings;
  },
};

function inside(
  context: Parameters<ReviewRule['check']>[0],
  table: TableDesign,
  pattern: AccessPatternDesign,
  review: EntityReview,
  attribute: string,
  templateText: string,
  prefix: string,
  end: Extract<PrefixEnd, { kind: 'insideField' }>,
): ReviewFinding {
  const { field } = end;
  const partial = prefix.slice(end.start);
  const string = field.format.kind === 'string';
  const evidence: ReviewEvidence[] = [];
  const shape = fieldShape(field.format);
  if (shape) {
    // The rest of the component the prefix stopped in, from all zeros to all nines.
    let digits = 0;
    while (isDigitSlot(shape, end.offset + digits)) digits++;
    evidence.push({ label: 'selects every key in the range', text: `"${prefix}${'0'.repeat(digits)}…" to "${prefix}${'9'.repeat(digits)}…"` });
  }
  evidence.push(...matchingSamples(review, attribute, prefix, field, 3 - evidence.length));
  const fix = pattern.sort?.input === 'raw' ? padFix(table, pattern, prefix, end) : undefined;
  const subject = {
    table: table.name,
    entity: review.entity.name,
    ...(pattern.index !== undefined ? { index: pattern.index } : {}),
    keyAttribute: attribute,
    field: field.name,
    pattern: pattern.id,
  };
  return context.finding('review.beginsWithInsideField', string ? 'note' : 'warning', subject, {
    message: `"${pattern.name}" sends begins_with(${attribute}, "${prefix}"), which stops inside ${field.name} of ${templateText}: it selects every ${field.name} that starts with "${partial}"${string ? `${end.delimiter ? ` (up to the next ${end.delimiter})` : ''}, not one value` : ', not one value'}.`,
    evidence,
    suggestion: string
      ? `If a prefix search on ${field.name} is meant, accept this note; otherwise give the whole ${field.name} and the ${end.delimiter ? `"${end.delimiter}" after it` : 'value'}, so the prefix ends where the field does.`
      : `End the prefix where a field ends: give the whole ${field.name}${fix ? ` (\`${fix.prefix}\`)` : ''}, or ask with field values (${field.name} =, or from … to …) so the key builder encodes the bounds.`,
    ...(fix ? { fix: fix.fix } : {}),
  });
}

/** Up to `count` sample keys the prefix selects, each with a different value of the field. */
function matchingSamples(review: EntityReview, attribute: string, prefix: string, field: FieldSegment, count: number): ReviewEvidence[] {
  const keys = review.encodedKeys(attribute);
  const seen = new Set<string>();
  const evidence: ReviewEvidence[] = [];
  for (let index = 0; index < keys.length && evidence.length < count; index++) {
    const key = keys[index];
    const value = review.entity.samples[index]?.values[field.name];
    if (key === undefined || value === undefined || !key.startsWith(prefix) || seen.has(value)) continue;
    seen.add(value);
    evidence.push({ label: `matches sample ${sampleId(review, index)} (${field.name} ${value})`, text: `${attribute} = ${JSON.stringify(key)}` });
  }
  return evidence;
}

/**
 * For raw text that gave a number unpadded (`SCORE#15`, `EVT#2026-1`), the
 * prefix with the partial component zero-padded (`SCORE#0000000015`,
 * `EVT#2026-01`). Not for an ISO year, an inverted or signed field, whose
 * padding would mean something else.
 */
function padFix(
  table: TableDesign,
  pattern: AccessPatternDesign,
  prefix: string,
  end: Extract<PrefixEnd, { kind: 'insideField' }>,
): { readonly prefix: string; readonly fix: ReviewFix } | undefined {
  const format = end.field.format;
  if (format.kind === 'string' || format.kind === 'sint' || (format.kind === 'int' && format.descending)) return undefined;
  const shape = fieldShape(format)!;
  let first = end.offset;
  while (first > 0 && isDigitSlot(shape, first - 1)) first--;
  let last = end.offset;
  while (isDigitSlot(shape, last)) last++;
  if (format.kind === 'iso' && first === 0) return undefined;
  const given = prefix.slice(end.start + first);
  const padded = prefix.slice(0, end.start + first) + given.padStart(last - first, '0');
  return {
    prefix: padded,
    fix: {
      label: `Use begins_with(…, "${padded}")`,
      apply: changeTable(table.name, (current) =>
        updateAccessPattern(current, pattern.id, (old) =>
          old.sort?.input === 'raw' && old.sort.value === prefix ? { ...old, sort: { ...old.sort, value: padded } } : old,
        ),
      ),
    },
  };
}
