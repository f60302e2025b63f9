import { parseKeyTemplate, type KeyFinding, type KeyTemplate } from '../../keys';
import type { KeyAttributeDesign } from '../design.types';

/**
 * A key template read from a design file: parsed with the step 1 template
 * language (src/keys), with the common mistakes ("integer", "date", "uuid")
 * answered by the format they meant, and the rules a key's type adds (an N
 * key holds one number, a B key one base64 field).
 */

/** Field types people write for the real ones (lower case, without _ and -). */
const MEANT_FORMATS: Readonly<Record<string, { readonly format: string; readonly example: (name: string) => string }>> = (() => {
  const int = { format: 'int(N)', example: (name: string) => `{${name}:int(10)}` };
  const sint = { format: 'sint(N)', example: (name: string) => `{${name}:sint(10)}` };
  const dec = { format: 'dec(I,F)', example: (name: string) => `{${name}:dec(8,2)}` };
  const iso = { format: 'iso', example: (name: string) => `{${name}:iso}` };
  const isoMs = { format: 'iso(ms)', example: (name: string) => `{${name}:iso(ms)}` };
  const epoch = { format: 'epoch(N)', example: (name: string) => `{${name}:epoch(10)}` };
  const epochMs = { format: 'epochms(N)', example: (name: string) => `{${name}:epochms(13)}` };
  const string = { format: 'a string field (no type)', example: (name: string) => `{${name}}` };
  const table: Record<string, typeof int> = {};
  const add = (meant: typeof int, ...names: string[]) => names.forEach((name) => (table[name] = meant));
  add(
    int,
    'integer',
    'number',
    'num',
    'numeric',
    'long',
    'bigint',
    'uint',
    'unsigned',
    'digits',
    'counter',
    'count',
    'n',
    'i',
    'int32',
    'int64',
    'padded',
    'zeropad',
    'pad',
  );
  add(sint, 'signed', 'signedint', 'signedinteger', 'sinteger');
  add(dec, 'decimal', 'float', 'double', 'real', 'money', 'currency', 'amount', 'fixed', 'price');
  add(iso, 'date', 'datetime', 'timestamp', 'time', 'isodate', 'iso8601', 'instant', 'utc', 'ts', 'isos', 'isodatetime', 'rfc3339');
  add(isoMs, 'isoms', 'isomillis', 'iso8601ms', 'timestampms', 'datetimems');
  add(epoch, 'unix', 'unixtime', 'epochs', 'epochseconds', 'seconds', 'secs', 'epochsec', 'unixseconds');
  add(epochMs, 'epochmillis', 'millis', 'ms', 'epochmilliseconds', 'unixms', 'unixmillis', 'milliseconds');
  add(string, 'uuid', 'ulid', 'guid', 'id', 'text', 'char', 'varchar', 'name', 'enum', 's', 'ksuid', 'email');
  return table;
})();

const REAL_TYPES = ['int', 'sint', 'dec', 'iso', 'epoch', 'epochms', 'str', 'string'];

export interface TemplateCheck {
  readonly template?: KeyTemplate;
  /** Messages without the path (the caller adds it). */
  readonly messages: readonly string[];
}

/**
 * Parses a key template of `attribute` and checks it against the
 * attribute's type.
 *
 * @example
 * checkKeyTemplate("{score:integer}", { name: "SK", type: "S" }).messages
 * // ['unknown field type "integer" — did you mean int(N)? Write {score:int(10)} …']
 */
export function checkKeyTemplate(text: string, attribute: KeyAttributeDesign): TemplateCheck {
  const parsed = parseKeyTemplate(text);
  if (!parsed.ok) return { messages: parsed.findings.map((finding) => explainFinding(text, finding)) };
  const template = parsed.value;
  const fields = template.segments.filter((segment) => segment.kind === 'field');
  const literals = template.segments.filter((segment) => segment.kind === 'literal');
  if (attribute.type === 'N') {
    const field = fields[0];
    const numeric = field !== undefined && ['string', 'int', 'dec', 'epoch'].includes(field.format.kind);
    if (fields.length !== 1 || literals.length > 0 || !numeric) {
      return {
        template,
        messages: [
          `${attribute.name} is a number (N) key, so its template is one numeric or plain field with no literal text, e.g. {${field?.name ?? 'ts'}}; "${text}" ${fields.length !== 1 || literals.length > 0 ? 'builds text, not a number' : `uses ${field?.format.kind}, which does not give a plain number`}. Use a string (S) key for composite keys.`,
        ],
      };
    }
  }
  if (attribute.type === 'B' && (fields.length !== 1 || literals.length > 0 || fields[0]?.format.kind !== 'string')) {
    return {
      template,
      messages: [
        `${attribute.name} is a binary (B) key, so its template is a single plain field holding base64 text, e.g. {${fields[0]?.name ?? 'hash'}}, not "${text}".`,
      ],
    };
  }
  return { template, messages: [] };
}

/** A template finding, with the meant format for an unknown type. */
function explainFinding(text: string, finding: KeyFinding): string {
  if (finding.code === 'template.unknownType' && finding.span) {
    const body = text.slice(finding.span.start + 1, finding.span.end - 1);
    const colon = body.indexOf(':');
    const name = body.slice(0, colon).trim();
    const typeName = body
      .slice(colon + 1)
      .replace(/\(.*$/, '')
      .trim();
    const meant = MEANT_FORMATS[typeName.toLowerCase().replace(/[_\-\s]/g, '')] ?? nearestType(typeName);
    const hint = meant ? ` — did you mean ${meant.format}? Write ${meant.example(name)}` : '';
    return `unknown field type "${typeName}"${hint} (the types are int, sint, dec, iso, epoch, epochms, or none for a string).`;
  }
  if (finding.code === 'template.badArguments' && /^int takes a width/.test(finding.message)) {
    return `int needs a width — did you mean int(N)? ${finding.message}`;
  }
  return finding.message;
}

/** A real type within two edits of what was written (`itn` → int). */
function nearestType(typeName: string): { readonly format: string; readonly example: (name: string) => string } | undefined {
  const lower = typeName.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const real of REAL_TYPES) {
    const distance = editDistance(lower, real);
    if (distance < bestDistance) [best, bestDistance] = [real, distance];
  }
  if (best === undefined) return undefined;
  const format =
    {
      int: 'int(N)',
      sint: 'sint(N)',
      dec: 'dec(I,F)',
      iso: 'iso',
      epoch: 'epoch(N)',
      epochms: 'epochms(N)',
      str: 'a string field (no type)',
      string: 'a string field (no type)',
    }[best] ?? best;
  const args = { int: '(10)', sint: '(10)', dec: '(8,2)', epoch: '(10)', epochms: '(13)' }[best] ?? '';
  return { format, example: (name) => (best === 'str' || best === 'string' ? `{${name}}` : `{${name}:${best}${args}}`) };
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The field names of a template, left to right. */
export function fieldNamesOf(template: KeyTemplate): string[] {
  return template.segments.flatMap((segment) => (segment.kind === 'field' ? [segment.name] : []));
}
