import { buildRawKey } from '../../../keys';
import type { DesignSample } from '../../design.types';
import type { ReviewEvidence, ReviewFinding, ReviewRule } from '../review.types';
import { quoteTemplate, siteSubject, stringKeyFieldSites, type FieldSite } from './orderingSupport';

/**
 * review.delimiterInValue — a string field followed by a literal delimiter
 * (`{name}#{id}`) whose values contain that delimiter: the key cannot be
 * read back (the field seems to end early), it sorts as if the value were
 * shorter, and a `begins_with` on the shorter value matches it. The codec
 * refuses such values; values that hold the delimiter's characters without
 * the whole delimiter pass it but still break applications that split keys.
 */
export const delimiterInValue: ReviewRule = {
  code: 'review.delimiterInValue',
  severity: 'error',
  title: 'A delimiter inside a field value',
  why: 'A composite key is read back by splitting at its delimiters: a value that contains the delimiter ends its field early, so the key decodes wrongly, sorts as if the value were shorter and matches begins_with conditions meant for other values.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const site of stringKeyFieldSites(context, (site) => site.field.format.kind === 'string' && site.delimiter !== undefined)) {
      const delimiter = site.delimiter as string;
      // The delimiter proper is the punctuation the literal starts with (`#` of `#2026-06-23T10`): code splits keys there,
      // not at every character of the literal (a `-` inside a literal date is no delimiter of plant-1).
      const characters = [...new Set(/^[^\p{L}\p{N}]*/u.exec(delimiter)?.[0] ?? '')];
      let refused: { sample: DesignSample; value: string } | undefined;
      let containing: { sample: DesignSample; value: string } | undefined;
      let count = 0;
      for (const sample of site.review.entity.samples) {
        const value = sample.values[site.field.name];
        if (!value || !(value.includes(delimiter) || characters.some((character) => value.includes(character)))) continue;
        count++;
        if (!refused && isRefusedForDelimiter(site, sample)) refused = { sample, value };
        else containing ??= { sample, value };
      }
      const shown = refused ?? containing;
      if (!shown) continue;
      const field = site.field.name;
      findings.push(
        context.finding('review.delimiterInValue', refused ? 'error' : 'warning', siteSubject(site), {
          message: refused
            ? `${site.review.entity.name}'s ${quoteTemplate(site)} ends ${field} at "${delimiter}", but ${count === 1 ? 'a sample value contains' : `${count} sample values contain`} it (${JSON.stringify(shown.value)}): the key cannot be read back, and it would sort as if ${field} ended at the delimiter.`
            : `${site.review.entity.name}'s ${quoteTemplate(site)} ends ${field} at "${delimiter}", and ${count === 1 ? 'a sample value contains' : `${count} sample values contain`} "${characters.join('", "')}" (${JSON.stringify(shown.value)}): the key reads back with this template, but code that splits keys at "${characters[0]}" reads it wrongly.`,
          evidence: evidenceFor(site, shown.sample, shown.value, delimiter, refused !== undefined),
          suggestion: `Choose a delimiter no ${field} value can contain (one that also sorts below every character of the values, as "#" 0x23 does below letters and digits), escape it in the values (e.g. "${delimiter}" as "%${delimiter.charCodeAt(0).toString(16).toUpperCase()}"), or put ${field} last in the key.`,
        }),
      );
    }
    return findings;
  },
};

/** What the codec says: the sample's key is refused for this field's delimiter (keys.delimiterInValue). */
function isRefusedForDelimiter(site: FieldSite, sample: DesignSample): boolean {
  const encoded = site.compiled.encode(sample.values);
  return !encoded.ok && encoded.findings.some((finding) => finding.code === 'keys.delimiterInValue' && finding.field === site.field.name);
}

function evidenceFor(site: FieldSite, sample: DesignSample, value: string, delimiter: string, refused: boolean): ReviewEvidence[] {
  const raw = buildRawKey(site.compiled.template, sample.values);
  const lines: ReviewEvidence[] = [
    { label: `sample ${sample.id}`, text: `${site.field.name} = ${JSON.stringify(value)}` },
    { label: refused ? 'written as is, the key would be' : 'key', text: raw },
  ];
  if (refused) {
    const readBack = site.compiled.decode(raw);
    const cut = value.slice(0, value.indexOf(delimiter) < 0 ? value.length : value.indexOf(delimiter));
    lines.push({
      label: 'reads back as',
      text: readBack.ok
        ? Object.entries(readBack.value)
            .map(([name, read]) => `${name} = ${JSON.stringify(read)}`)
            .join(', ')
        : `nothing: it does not match the template (${site.field.name} ends at ${JSON.stringify(cut)})`,
    });
  }
  return lines;
}
