import { compareUtf8 } from '../../../keys';
import type { ReviewFinding, ReviewRule } from '../review.types';
import { fieldValues, inversionEvidence, isSortKey, quoteSome, quoteTemplate, siteInversion, siteSubject, stringKeyFieldSites } from './orderingSupport';

/**
 * review.caseOrder — a string field of a sort key whose values mix letter
 * case: bytes put every upper-case letter before every lower-case one
 * ("Z" 0x5A < "a" 0x61), so `Zoe` sorts before `adam`. Shown only when the
 * design's own samples sort that way.
 */
export const caseOrder: ReviewRule = {
  code: 'review.caseOrder',
  severity: 'warning',
  title: 'Mixed letter case in a sorted field',
  why: 'DynamoDB compares bytes, and every upper-case ASCII letter (0x41–0x5A) is smaller than every lower-case one (0x61–0x7A): "Zoe" sorts before "adam". Store a normalised (lower-case) copy in the key when the order should ignore case.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const site of stringKeyFieldSites(context, (site) => site.field.format.kind === 'string' && isSortKey(site.template))) {
      const values = fieldValues(site.review, site.field.name);
      if (!values.some((value) => value !== undefined && UPPER.test(value)) || !values.some((value) => value !== undefined && LOWER.test(value))) continue;
      // Case-folded order is only the order the user probably means, for the evidence: DynamoDB's order is compareUtf8 on the key.
      const { inversion } = siteInversion(
        site,
        (value) => (value === value.toLowerCase() && value === value.toUpperCase() ? undefined : value.toLowerCase()),
        compareUtf8,
      );
      if (!inversion) continue;
      const field = site.field.name;
      findings.push(
        context.finding('review.caseOrder', 'warning', siteSubject(site), {
          message: `${site.review.entity.name}'s ${quoteTemplate(site)} sorts ${field} by bytes, and its values mix letter case (${quoteSome(values)}): upper case sorts before lower case, so "${inversion.first.raw}" sorts before "${inversion.second.raw}".`,
          evidence: inversionEvidence(inversion.first.key, inversion.second.key),
          suggestion: `If ${field} should sort regardless of case, write it lower-case in the key (keep the original spelling in another attribute); if the case order is intended, accept this finding.`,
        }),
      );
    }
    return findings;
  },
};

const UPPER = /\p{Lu}/u;
const LOWER = /\p{Ll}/u;
