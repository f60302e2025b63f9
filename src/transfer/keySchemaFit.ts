import type { KeySchemaInfo } from '../expressions';
import { readImportFile, type ImportFormat, type ItemKeyProblem } from './importReaders';
import { openImportChunks } from './gzipChunks';
import type { ByteChunks } from './textChunks';

/**
 * The import's up-front check: whether a file's items fit the table's key
 * schema at all. A file exported from another table (its items lack the
 * table's partition key, or hold it with another type) would otherwise be
 * reported line by line as rejected, every line; this reads the first items
 * and refuses once, saying which attribute is wrong and what to do.
 */

export interface KeySchemaMismatch {
  /** What is wrong and how to go on, for the user. */
  readonly message: string;
  /** Items read to decide (every one of them failed the same way). */
  readonly itemsChecked: number;
  readonly problem: ItemKeyProblem;
}

/** Items read before deciding. */
export const KEY_CHECK_ITEMS = 20;

/**
 * Reads the first `sample` items of the file: when every one of them misses
 * a key attribute or holds it with the wrong type, the mismatch; otherwise
 * undefined (lines that aren't items, like bad JSON, don't count either way).
 */
export async function checkKeySchemaFit(
  chunks: ByteChunks,
  format: ImportFormat,
  keys: KeySchemaInfo,
  sample = KEY_CHECK_ITEMS,
): Promise<KeySchemaMismatch | undefined> {
  const problems: ItemKeyProblem[] = [];
  let items = 0;
  for await (const entry of readImportFile(openImportChunks(chunks), format, { keys })) {
    if ('item' in entry) return undefined;
    if (entry.keyProblem === undefined) continue;
    if (entry.keyProblem.kind === 'empty') return undefined;
    problems.push(entry.keyProblem);
    if (++items >= sample) break;
  }
  const [first] = problems;
  if (!first) return undefined;
  return { message: mismatchMessage(first, items), itemsChecked: items, problem: first };
}

function mismatchMessage(problem: ItemKeyProblem, items: number): string {
  const checked = items === 1 ? 'the first item' : `all of the first ${items} items`;
  const key = `the table's ${problem.role} key: ${problem.attribute} (${problem.expected})`;
  const shown = problem.itemAttributes.slice(0, 8).join(', ') + (problem.itemAttributes.length > 8 ? ', …' : '');
  const what =
    problem.kind === 'missing'
      ? `This file's items have no attribute ${problem.attribute}, ${key} (checked ${checked}; the first one has ${shown || 'no attributes'}).`
      : `This file's items hold ${problem.attribute} as ${problem.actual ?? '?'}, ${key} (checked ${checked}).`;
  return `${what} Choose the table the file was exported from, or Import anyway: every such line is then reported as rejected.`;
}
