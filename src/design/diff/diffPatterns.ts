import type { AccessPatternDesign, PatternSortCondition, TableDesign } from '../design.types';
import { makeChange, sameJson } from './change';
import type { StructuralChange } from './diff.types';
import { HOW } from './verdicts';

const valuesText = (values: Readonly<Record<string, string>>) =>
  Object.entries(values)
    .map(([field, value]) => `${field} = ${value}`)
    .join(', ') || '(none)';

function sortText(sort: PatternSortCondition | undefined): string {
  if (!sort) return '(none)';
  if (sort.input === 'raw') return sort.operator === 'between' ? `between ${sort.value} and ${sort.valueHigh ?? ''}` : `${sort.operator} ${sort.value}`;
  return sort.operator === 'between'
    ? `between ${valuesText(sort.values)} and ${valuesText(sort.valuesHigh ?? {})}`
    : `${sort.operator} ${valuesText(sort.values)}`;
}

/** What a reader compares, field by field: the pattern's Query and what its answer must be. */
const PATTERN_FIELDS: readonly { readonly label: string; readonly text: (pattern: AccessPatternDesign) => string }[] = [
  { label: 'name', text: (pattern) => pattern.name },
  { label: 'entities', text: (pattern) => pattern.entities.join(', ') },
  { label: 'index', text: (pattern) => pattern.index ?? '(table)' },
  { label: 'partition values', text: (pattern) => valuesText(pattern.partitionValues) },
  { label: 'sort condition', text: (pattern) => sortText(pattern.sort) },
  { label: 'direction', text: (pattern) => pattern.direction },
  { label: 'Limit', text: (pattern) => (pattern.limit === undefined ? '(none)' : String(pattern.limit)) },
  { label: 'filter', text: (pattern) => pattern.filter ?? '(none)' },
  { label: 'projection', text: (pattern) => pattern.projection.join(', ') || '(all)' },
  { label: 'consistent read', text: (pattern) => String(pattern.consistentRead) },
  { label: 'expected count', text: (pattern) => (pattern.expected.count === undefined ? '(any)' : String(pattern.expected.count)) },
  {
    label: 'expected order',
    text: (pattern) => (pattern.expected.orderBy ? `${pattern.expected.orderBy.field} ${pattern.expected.orderBy.direction}` : '(any)'),
  },
];

/** Access patterns matched by id (stable across renames): added, removed, and each changed field with its old and new value. */
export function diffPatterns(before: TableDesign, after: TableDesign): StructuralChange[] {
  const table = after.name;
  const changes: StructuralChange[] = [];
  for (const pattern of after.accessPatterns) {
    const old = before.accessPatterns.find((candidate) => candidate.id === pattern.id);
    const subject = `access pattern ${pattern.name}`;
    if (!old) {
      changes.push(makeChange({ table, area: 'accessPattern', action: 'added', subject, verdict: 'designOnly', how: HOW.pattern }));
      continue;
    }
    if (sameJson(old, pattern)) continue;
    const fields = PATTERN_FIELDS.filter((field) => field.text(old) !== field.text(pattern));
    // A change no field shows (a description, requests per second): still named.
    const shown =
      fields.length > 0
        ? fields
        : [{ label: 'description or rate', text: (p: AccessPatternDesign) => `${p.description} (${p.requestsPerSecond ?? '-'} requests/s)` }];
    changes.push(
      makeChange({
        table,
        area: 'accessPattern',
        action: 'changed',
        subject,
        before: shown.map((field) => `${field.label}: ${field.text(old)}`).join('\n'),
        after: shown.map((field) => `${field.label}: ${field.text(pattern)}`).join('\n'),
        verdict: 'designOnly',
        how: HOW.pattern,
      }),
    );
  }
  for (const old of before.accessPatterns) {
    if (after.accessPatterns.some((candidate) => candidate.id === old.id)) continue;
    changes.push(
      makeChange({ table, area: 'accessPattern', action: 'removed', subject: `access pattern ${old.name}`, verdict: 'designOnly', how: HOW.pattern }),
    );
  }
  return changes;
}
