import { describe, expect, it } from 'vitest';
import { findingSubject, matchesLabel, type FindingLabel } from './corpusLabels';

const finding = {
  code: 'review.numberInStringField',
  severity: 'error',
  subject: { table: 'T', entity: 'Score', keyAttribute: 'SK', field: 'score' },
} as const;

describe('matchesLabel', () => {
  it.each<[string, FindingLabel, boolean]>([
    ['code only', { code: 'review.numberInStringField' }, true],
    ['every pinned part equal', { code: 'review.numberInStringField', entity: 'Score', keyAttribute: 'SK', field: 'score' }, true],
    ['another field', { code: 'review.numberInStringField', field: 'ts' }, false],
    ['another code', { code: 'review.mixedWidths', entity: 'Score' }, false],
    ['another code accepted by orCodes', { code: 'review.mixedWidths', orCodes: ['review.numberInStringField'], entity: 'Score' }, true],
    ['an index the finding is not about', { code: 'review.numberInStringField', index: 'GSI1' }, false],
    ['the same severity', { code: 'review.numberInStringField', severity: 'error' }, true],
    ['another severity', { code: 'review.numberInStringField', severity: 'note' }, false],
  ])('%s', (_name, label, expected) => {
    expect(matchesLabel(finding, label, { severity: true })).toBe(expected);
  });

  it('ignores the severity when asked to (a must raised at another severity is a miss, not also a false positive)', () => {
    expect(matchesLabel(finding, { code: 'review.numberInStringField', severity: 'note' }, { severity: false })).toBe(true);
  });
});

describe('findingSubject', () => {
  it('drops empty parts (a rule that stopped reports table "")', () => {
    expect(findingSubject({ table: '', entity: 'Score' })).toEqual({ entity: 'Score' });
  });
});
