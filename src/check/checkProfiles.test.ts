import { describe, expect, it } from 'vitest';
import { REVIEW_CODES, REVIEW_RULE_GROUPS, REVIEW_RULES } from '../design/review';
import { CHECK_PROFILES, selectRules } from './checkProfiles';

describe('check profiles', () => {
  it('recommended is every rule, and every review code has its rule there', () => {
    const recommended = CHECK_PROFILES.find((profile) => profile.name === 'recommended')!;
    expect(recommended.rules).toBe(REVIEW_RULES);
    expect(new Set(recommended.rules.map((rule) => rule.code))).toEqual(new Set(REVIEW_CODES));
  });

  it('every rule is in exactly one group, and each group is a profile', () => {
    const grouped = Object.values(REVIEW_RULE_GROUPS).flat();
    expect(grouped.map((rule) => rule.code).sort()).toEqual(REVIEW_RULES.map((rule) => rule.code).sort());
    for (const [name, rules] of Object.entries(REVIEW_RULE_GROUPS)) expect(CHECK_PROFILES.find((profile) => profile.name === name)?.rules, name).toBe(rules);
  });

  it('--rules keeps the review order and takes codes with or without the prefix', () => {
    const chosen = selectRules({ rules: ['review.gsiProjection', ' numberInStringField '] });
    expect(chosen.ok && chosen.selection.rules.map((rule) => rule.code)).toEqual(['review.numberInStringField', 'review.gsiProjection']);
    expect(selectRules({ rules: [''] })).toMatchObject({ ok: false, message: expect.stringMatching(/^Unknown rule \(empty\) in --rules/) });
  });
});
