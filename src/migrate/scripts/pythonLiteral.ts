/**
 * A JSON-like value as a Python literal (True/False/None; strings as JSON
 * strings, which Python reads the same way for the ASCII-escaped form).
 */
export function toPythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (Array.isArray(value)) return `[${value.map(toPythonLiteral).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, member]) => `${toPythonLiteral(key)}: ${toPythonLiteral(member)}`)
    .join(', ')}}`;
}
