/**
 * A small YAML emitter for JSON data (CloudFormation templates): block
 * mappings and sequences, every string a double-quoted scalar. JSON's string
 * escapes are YAML's, so `JSON.stringify` quotes them; the few characters
 * JSON leaves bare but YAML calls non-printable are escaped as \uXXXX.
 */

type JsonData = string | number | boolean | null | readonly JsonData[] | { readonly [key: string]: JsonData | undefined };

/** Plain keys need no quotes (CloudFormation's names and logical ids). */
const PLAIN_KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
/** C1 controls, DEL and the non-characters: legal in JSON strings, not printable in YAML. */
const NON_PRINTABLE = /[\u007f-\u0084\u0086-\u009f\ufeff\ufffe\uffff]/g;

/**
 * The YAML text of a JSON value (ends with a newline).
 *
 * @example
 * toYaml({ Resources: { T: { Type: "AWS::DynamoDB::Table" } } })
 * // 'Resources:\n  T:\n    Type: "AWS::DynamoDB::Table"\n'
 */
export function toYaml(value: JsonData): string {
  return block(value, 0).join('\n') + '\n';
}

function scalar(value: string | number | boolean | null): string {
  if (typeof value === 'string') return JSON.stringify(value).replace(NON_PRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : JSON.stringify(String(value));
  return String(value);
}

function key(name: string): string {
  return PLAIN_KEY.test(name) ? name : scalar(name);
}

function isEmptyCollection(value: JsonData): boolean {
  return typeof value === 'object' && value !== null && (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0);
}

/** The lines of `value` at `indent` (a collection's own lines; a scalar is one line). */
function block(value: JsonData, indent: number): string[] {
  const pad = ' '.repeat(indent);
  if (typeof value !== 'object' || value === null) return [pad + scalar(value)];
  if (isEmptyCollection(value)) return [pad + (Array.isArray(value) ? '[]' : '{}')];
  if (Array.isArray(value)) {
    return (value as readonly JsonData[]).flatMap((element) => {
      if (typeof element !== 'object' || element === null || isEmptyCollection(element)) return [`${pad}- ${inline(element)}`];
      // The first line of the element follows the dash; the rest keep the element's indent.
      const lines = block(element, indent + 2);
      return [`${pad}- ${(lines[0] ?? '').slice(indent + 2)}`, ...lines.slice(1)];
    });
  }
  return Object.entries(value).flatMap(([name, member]) => {
    if (member === undefined) return [];
    if (typeof member !== 'object' || member === null || isEmptyCollection(member)) return [`${pad}${key(name)}: ${inline(member)}`];
    return [`${pad}${key(name)}:`, ...block(member, indent + 2)];
  });
}

function inline(value: JsonData): string {
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? '[]' : '{}';
  return scalar(value);
}
