/**
 * A file-name-safe form of a design or table name: letters, digits, `_`,
 * `.` and `-`, never empty, never a dot file.
 *
 * @example
 * safeFileName("Shop (single table)") // "Shop-single-table"
 */
export function safeFileName(name: string): string {
  const safe = name
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return safe || 'design';
}
