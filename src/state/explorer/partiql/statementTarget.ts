/** The table (and index) a PartiQL statement reads or writes, as named in it. */
export interface StatementTarget {
  readonly tableName: string;
  /** '' for the table itself. */
  readonly indexName: string;
}

// A name: "double-quoted" (with "" for a quote inside) or bare.
const NAME = String.raw`("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_-]*)`;
const TARGET = new RegExp(String.raw`\b(?:FROM|INTO|UPDATE)\s+${NAME}(?:\s*\.\s*${NAME})?`, 'i');

const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name);

/**
 * The target of `SELECT … FROM "Table"."Index"`, `INSERT INTO "Table"`,
 * `UPDATE "Table"`, `DELETE FROM "Table"`, for the grid's key columns;
 * undefined when the statement names none (DynamoDB will say what is wrong).
 *
 * @example
 * statementTarget('SELECT * FROM "Scores"."byPlayer" WHERE player = ?') // { tableName: "Scores", indexName: "byPlayer" }
 */
export function statementTarget(statement: string): StatementTarget | undefined {
  const match = TARGET.exec(statement);
  if (!match?.[1]) return undefined;
  return { tableName: unquote(match[1]), indexName: match[2] ? unquote(match[2]) : '' };
}

/** A name as PartiQL takes it: always double-quoted, so reserved words and any character are safe. */
export function quotePartiqlName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
