import { compareUtf8, printKeyTemplate, type FieldSegment, type KeyTemplate, type ReadDirection } from '../../../keys';
import { updateAccessPattern } from '../../accessPatterns';
import { compileTemplateText, keySchemaOf } from '../../designKeys';
import type { AccessPatternDesign, TableDesign } from '../../design.types';
import { changeTable, composeChanges, setEntityKeyTemplate } from '../../edit';
import type { EntityKeyTemplate, EntityReview } from '../reviewContext';
import type { ReviewEvidence, ReviewFinding, ReviewFix, ReviewRule } from '../review.types';
import { leadingLiteral, patternsReading, sampleId } from './patternRuleSupport';

/**
 * review.invertedWhereFlagSuffices: an inverted field (`{score:int(10,desc)}`)
 * in a key every access pattern reads in one direction. Reading the plain
 * key with ScanIndexForward flipped returns the same items in the same order
 * at the same cost, and keeps the stored key readable (the zero-padding
 * article's pitfall "forgot the read flag"). Not flagged when the key mixes
 * directions on purpose (a descending score, then an ascending timestamp:
 * the article's "earlier run wins the tie"), which no read flag can do.
 */

const flip = (direction: ReadDirection): ReadDirection => (direction === 'ascending' ? 'descending' : 'ascending');
const flagText = (direction: ReadDirection) => `ScanIndexForward = ${direction === 'ascending' ? 'true' : 'false'}`;
const isInverted = (field: FieldSegment) => field.format.kind === 'int' && field.format.descending;

export const invertedWhereFlagSuffices: ReviewRule = {
  code: 'review.invertedWhereFlagSuffices',
  severity: 'note',
  title: 'An inverted field where the read flag suffices',
  why: 'DynamoDB reads a sort key backwards at the same cost (ScanIndexForward = false). Storing `max − value` to get highest-first is only needed when one key mixes directions or something else walks the stored order; otherwise the plain key read the other way returns the same items in the same order.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const review of context.entities()) {
      for (const template of review.templates) {
        const inverted = template.compiled?.fields.find(isInverted);
        if (!inverted || !template.uses.some((use) => use.role === 'sort')) continue;
        const readers = patternsReading(review.table, review, template.attribute.name);
        const direction = readers[0]?.direction;
        if (!direction || readers.some((pattern) => pattern.direction !== direction)) continue;
        if (!readers.every((pattern) => flagGivesSameOrder(review, pattern))) continue;
        findings.push(finding(context, review, template, inverted, readers, direction));
      }
    }
    return findings;
  },
};

function finding(
  context: Parameters<ReviewRule['check']>[0],
  review: EntityReview,
  template: EntityKeyTemplate,
  inverted: FieldSegment,
  readers: readonly AccessPatternDesign[],
  direction: ReadDirection,
): ReviewFinding {
  const { table, entity } = review;
  const attribute = template.attribute.name;
  const plain = plainTemplate(template.compiled!.template);
  const names = readers.map((pattern) => `"${pattern.name}"`).join(', ');
  const fix = flagFix(table, review, attribute, plain, readers, direction);
  const blocked = fix ? '' : ' (the patterns that send raw key text or return other entities need their conditions rewritten by hand)';
  return context.finding(
    'review.invertedWhereFlagSuffices',
    'note',
    { table: table.name, entity: entity.name, keyAttribute: attribute, field: inverted.name },
    {
      message: `${entity.name}'s ${attribute} = ${template.text} stores ${inverted.name} inverted, but every pattern that reads it (${names}) reads ${direction}: \`${plain}\` read with ${flagText(flip(direction))} returns the same items in the same order.`,
      evidence: firstItemEvidence(review, attribute, plain, inverted, direction),
      suggestion: `Drop \`,desc\` (\`${plain}\`) and read with ${flagText(flip(direction))}${blocked}. Keep the inverted field, and accept this note, only if something else walks the stored order highest-first (an export, a pagination cursor, a sparse index).`,
      ...(fix ? { fix } : {}),
    },
  );
}

/** The template with every inverted field stored plainly. */
function plainTemplate(template: KeyTemplate): string {
  return printKeyTemplate({
    segments: template.segments.map((segment) =>
      segment.kind === 'field' && isInverted(segment)
        ? { ...segment, format: { kind: 'int', width: (segment.format as { width: number }).width, descending: false } }
        : segment,
    ),
  });
}

/**
 * Whether reading the plain key backwards orders this pattern's result as the
 * inverted key read forwards does: the fields before the first inverted one
 * are fixed by the condition (they would reverse too), and every field after
 * it is inverted as well or a string tiebreaker (an ascending number or time
 * after it is the mixed order only an inverted field gives).
 */
function flagGivesSameOrder(review: EntityReview, pattern: AccessPatternDesign): boolean {
  const schema = keySchemaOf(review.table, pattern.index);
  if (!schema) return false;
  const fields = schema.sort.flatMap((attribute) => review.template(attribute.name)?.compiled?.fields ?? []);
  const first = fields.findIndex(isInverted);
  if (first < 0) return false;
  const after = fields.slice(first + 1);
  if (!after.every((field) => isInverted(field) || field.format.kind === 'string')) return false;
  const before = fields.slice(0, first);
  if (before.length === 0) return true;
  const sort = pattern.sort;
  if (!sort || sort.input !== 'fields' || (sort.operator !== '=' && sort.operator !== 'between')) return false;
  return before.every((field) => {
    const value = sort.values[field.name] ?? '';
    return value !== '' && (sort.operator === '=' || sort.valuesHigh?.[field.name] === value);
  });
}

/**
 * The one-click change: the plain template, and every reading pattern flipped.
 * Offered only when each pattern returns this entity alone (flipping would
 * reverse the others) and sends no raw key text past the template's leading
 * literal (that text holds inverted digits).
 */
function flagFix(
  table: TableDesign,
  review: EntityReview,
  attribute: string,
  plain: string,
  readers: readonly AccessPatternDesign[],
  direction: ReadDirection,
): ReviewFix | undefined {
  const literal = leadingLiteral(review.template(attribute)!.compiled!.template);
  const rawPastLiteral = (pattern: AccessPatternDesign) =>
    pattern.sort?.input === 'raw' &&
    [pattern.sort.value, pattern.sort.valueHigh ?? ''].some((value) => value.length > literal.length || !literal.startsWith(value));
  if (readers.some((pattern) => pattern.entities.length !== 1 || rawPastLiteral(pattern))) return undefined;
  return {
    label: `Use \`${plain}\` and ${flagText(flip(direction))}`,
    apply: composeChanges(
      setEntityKeyTemplate(table.name, review.entity.name, attribute, plain),
      changeTable(table.name, (current) =>
        readers.reduce((next, pattern) => updateAccessPattern(next, pattern.id, (old) => ({ ...old, direction: flip(old.direction) })), current),
      ),
    ),
  };
}

/**
 * The item read first now, and its key with the plain template, which the
 * flipped read returns first too: the same value of the inverted field (only
 * the order among equal values reverses). One sample is re-encoded, not all.
 */
function firstItemEvidence(review: EntityReview, attribute: string, plain: string, inverted: FieldSegment, direction: ReadDirection): ReviewEvidence[] {
  const compiled = compileTemplateText(plain, review.template(attribute)!.role);
  const now = firstRead(review.encodedKeys(attribute), direction);
  if (!compiled.ok || now === undefined) return [];
  const sample = review.entity.samples[now.index]!;
  const encoded = compiled.value.encode(sample.values);
  if (!encoded.ok) return [];
  const value = sample.values[inverted.name] ?? '';
  const tied = review.entity.samples.some((other, index) => index !== now.index && other.values[inverted.name] === value);
  return [
    { label: `read first now (${flagText(direction)}): sample ${sampleId(review, now.index)}`, text: `${attribute} = ${JSON.stringify(now.key)}` },
    {
      label: `read first with ${plain} and ${flagText(flip(direction))}: ${tied ? `${inverted.name} ${value} too (equal ${inverted.name}s come in reverse tiebreaker order)` : 'the same sample'}`,
      text: `${attribute} = ${JSON.stringify(encoded.value)}`,
    },
  ];
}

/** The sample a read returns first: the smallest key read ascending, the largest read descending (one pass, no sort). */
function firstRead(keys: readonly (string | undefined)[], direction: ReadDirection): { index: number; key: string } | undefined {
  const forward = direction === 'ascending';
  let best: { index: number; key: string } | undefined;
  keys.forEach((key, index) => {
    if (key === undefined) return;
    const order = best === undefined ? -1 : compareUtf8(key, best.key);
    if (best === undefined || (forward ? order < 0 : order > 0)) best = { index, key };
  });
  return best;
}
