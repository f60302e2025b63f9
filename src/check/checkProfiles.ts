import { REVIEW_RULE_GROUPS, REVIEW_RULES } from '../design/review';
import type { ReviewCode, ReviewRule } from '../design';

/**
 * The rule sets `keylab check --profile` chooses from, built from the review's
 * own rule groups (src/design/review/rules), so a new rule joins its group's
 * profile and `recommended` without a list here to keep up to date.
 */
export interface CheckProfile {
  readonly name: string;
  /** One line for `--help` and the README. */
  readonly description: string;
  readonly rules: readonly ReviewRule[];
  /** Whether the access patterns are run (their verdicts are part of the check). */
  readonly patterns: boolean;
}

export const CHECK_PROFILES: readonly CheckProfile[] = [
  {
    name: 'recommended',
    description: 'every review rule and every access-pattern verdict (the default; what the Design tab shows)',
    rules: REVIEW_RULES,
    patterns: true,
  },
  {
    name: 'ordering',
    description: 'the rules on field values and key order (numbers, dates, widths, delimiters, case)',
    rules: REVIEW_RULE_GROUPS.ordering,
    patterns: false,
  },
  {
    name: 'patterns',
    description: 'the rules on keys and access patterns, and every access-pattern verdict',
    rules: REVIEW_RULE_GROUPS.patterns,
    patterns: true,
  },
  {
    name: 'capacity',
    description: 'the rules on sizes and capacity (key and item sizes, hot partitions, item collections)',
    rules: REVIEW_RULE_GROUPS.capacity,
    patterns: false,
  },
];

export const DEFAULT_PROFILE = 'recommended';

/** What a run checks: the rules and whether patterns run. */
export interface RuleSelection {
  readonly profile: string;
  readonly rules: readonly ReviewRule[];
  readonly patterns: boolean;
}

export type RuleSelectionResult = { readonly ok: true; readonly selection: RuleSelection } | { readonly ok: false; readonly message: string };

/**
 * The rules of a profile, or of a `--rules` list (codes with or without
 * `review.`; only those rules, no pattern verdicts). An unknown name is
 * refused with the known ones.
 *
 * @example
 * selectRules({ rules: ["widthTooNarrow", "review.noTiebreaker"] }) // { ok: true, selection: { profile: "custom", … } }
 */
export function selectRules(request: { readonly profile?: string; readonly rules?: readonly string[] }): RuleSelectionResult {
  if (request.profile !== undefined && request.rules !== undefined) return { ok: false, message: 'Give either --profile or --rules, not both.' };
  if (request.rules !== undefined) {
    const byCode = new Map<string, ReviewRule>(REVIEW_RULES.map((rule) => [rule.code, rule]));
    const unknown: string[] = [];
    const chosen = new Set<ReviewCode>();
    for (const raw of request.rules) {
      const code = raw.trim().startsWith('review.') ? raw.trim() : `review.${raw.trim()}`;
      if (byCode.has(code)) chosen.add(code as ReviewCode);
      else unknown.push(raw.trim() === '' ? '(empty)' : raw.trim());
    }
    if (unknown.length > 0 || chosen.size === 0) {
      const known = REVIEW_RULES.map((rule) => rule.code.replace(/^review\./, '')).join(', ');
      return {
        ok: false,
        message: `${unknown.length > 0 ? `Unknown rule ${unknown.join(', ')}` : 'No rule given'} in --rules. Known rules (with or without "review."): ${known}.`,
      };
    }
    // In the review's own order, whatever order they were given in.
    return { ok: true, selection: { profile: 'custom', rules: REVIEW_RULES.filter((rule) => chosen.has(rule.code)), patterns: false } };
  }
  const name = request.profile ?? DEFAULT_PROFILE;
  const profile = CHECK_PROFILES.find((entry) => entry.name === name);
  if (!profile) return { ok: false, message: `Unknown profile "${name}" in --profile. Profiles: ${CHECK_PROFILES.map((entry) => entry.name).join(', ')}.` };
  return { ok: true, selection: { profile: profile.name, rules: profile.rules, patterns: profile.patterns } };
}
