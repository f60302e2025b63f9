import { compareUtf8, printFormatSuffix, type FieldSegment } from '../../../keys';
import { setEntityKeyTemplate } from '../../edit';
import type { EntityReview } from '../reviewContext';
import type { ReviewFinding, ReviewFix, ReviewRule } from '../review.types';
import { leadingLiteral, sampleId, whereText } from './patternRuleSupport';

/**
 * review.randomSortKey: a random value (a UUID v4, a hash) as the whole sort
 * key. It makes items unique but orders them arbitrarily, so "the last 20"
 * or "between two dates" can't be asked (the sort-key-strategies article's
 * first mistake). Time-ordered ids (ULID, KSUID, UUID v6/v7) are not
 * flagged: their text sorts by creation time.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_DIGEST = /^(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{64})$/i;

/** What kind of random value a text is, or undefined when it is not one (or is time-ordered). */
export function randomKind(value: string): string | undefined {
  const uuid = UUID.exec(value);
  if (uuid) {
    const version = uuid[1]!;
    if (version === '4') return 'UUID v4';
    if (version === '3' || version === '5') return `UUID v${version} (a hash)`;
    // v1 is made from the time, but its text starts with the time's low bits: it does not sort by time.
    if (version === '1' || version === '2') return `UUID v${version} (its text starts with the low bits of the time, so it does not sort by time)`;
    return undefined;
  }
  if (HEX_DIGEST.test(value) && /[a-f]/i.test(value) && /\d/.test(value)) {
    // A UUID v6/v7 written without dashes is time-ordered.
    if (value.length === 32 && (value[12] === '6' || value[12] === '7')) return undefined;
    return 'random hex (a hash or a UUID without dashes)';
  }
  return undefined;
}

export const randomSortKey: ReviewRule = {
  code: 'review.randomSortKey',
  severity: 'warning',
  title: 'A random value as the whole sort key',
  why: 'A random UUID makes a sort key unique but gives it no useful order: byte order is arbitrary, so "the newest 20" or "between two dates" cannot be a Query. Lead the sort key with what you read by (a timestamp) and keep the id as a tiebreaker, or use a time-ordered id (ULID, UUID v7).',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const range of context.sortRanges()) {
      const [attribute, ...more] = range.sort;
      if (!attribute || more.length > 0) continue;
      for (const review of range.entities) {
        const template = review.template(attribute.name);
        const compiled = template?.compiled;
        const segments = compiled?.template.segments ?? [];
        const field = compiled?.fields.length === 1 ? compiled.fields[0] : undefined;
        if (!template || !field || field.format.kind !== 'string' || segments.at(-1) !== field) continue;
        const values = review.entity.samples.map((sample) => sample.values[field.name] ?? '').filter((value) => value !== '');
        const kinds = values.map(randomKind);
        if (values.length === 0 || kinds.some((kind) => kind === undefined)) continue;
        const kind = kinds[0]!;
        const { table, entity } = review;
        const where = whereText(table, range.index);
        const time = timeField(review, attribute.name);
        const prefix = leadingLiteral(compiled!.template);
        const suggested = time ? `${prefix}{${time.name}${printFormatSuffix(time.format)}}#{${field.name}}` : `${prefix}{createdAt:iso}#{${field.name}}`;
        const fix: ReviewFix | undefined = time
          ? { label: `Use \`${suggested}\``, apply: setEntityKeyTemplate(table.name, entity.name, attribute.name, suggested) }
          : undefined;
        findings.push(
          context.finding(
            'review.randomSortKey',
            'warning',
            {
              table: table.name,
              entity: entity.name,
              ...(range.index !== undefined ? { index: range.index } : {}),
              keyAttribute: attribute.name,
              field: field.name,
            },
            {
              message: `${entity.name}'s sort key ${attribute.name} = ${template.text} in ${where} is only ${field.name}, and its samples are ${kind}: items sort in an arbitrary order, so no range of ${attribute.name} ("the newest 20", "between two dates") means anything.`,
              evidence: orderEvidence(review, attribute.name, time),
              suggestion: `Lead ${attribute.name} with what you read by and keep ${field.name} as the tiebreaker: \`${suggested}\`${time ? '' : ' (add the timestamp field)'}; or use a time-ordered id (ULID, UUID v7). Reading one item by its ${field.name} is GetItem (or \`=\`), which needs no order.`,
              ...(fix ? { fix } : {}),
            },
          ),
        );
      }
    }
    return findings;
  },
};

/** A timestamp field of the entity's other templates: what the sort key should lead with. */
function timeField(review: EntityReview, attribute: string): FieldSegment | undefined {
  for (const template of review.templates) {
    if (template.attribute.name === attribute) continue;
    const field = template.compiled?.fields.find((candidate) => candidate.format.kind === 'iso' || candidate.format.kind === 'epoch');
    if (field) return field;
  }
  return undefined;
}

/** Three samples in key order, with their time when the entity has one: the order has nothing to do with it. */
function orderEvidence(review: EntityReview, attribute: string, time: FieldSegment | undefined) {
  const keys = review.encodedKeys(attribute);
  const picked: { index: number; key: string }[] = [];
  for (let index = 0; index < keys.length && picked.length < 3; index++) {
    const key = keys[index];
    if (key !== undefined) picked.push({ index, key });
  }
  picked.sort((a, b) => compareUtf8(a.key, b.key));
  const ordinal = ['1st', '2nd', '3rd'];
  return picked.map(({ index, key }, position) => {
    const at = time ? review.entity.samples[index]?.values[time.name] : undefined;
    return {
      label: `sorts ${ordinal[position]}: sample ${sampleId(review, index)}${at ? ` (${time!.name} ${at})` : ''}`,
      text: `${attribute} = ${JSON.stringify(key)}`,
    };
  });
}
