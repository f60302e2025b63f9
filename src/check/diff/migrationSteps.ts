import { quoteShellWord } from '../../codegen';
import type { Design, StructuralChange, TableDesign } from '../../design';
import { compileMigration, specFromDesigns } from '../../migrate';
import type { DiffMigration, DiffSideSource } from './diffReport.types';

/** Where `git show` writes each revision for `npm run migrate` (it reads files, not revisions). */
export const REVISION_FILES = { before: 'keylab-before.keylab.json', after: 'keylab-after.keylab.json' } as const;

/** What to know before pasting a command: it is a dry run, and where it writes. */
export const MIGRATE_NOTE =
  'A dry run: it reads every item and prints what would happen, writing nothing. Drop --dry-run to apply (one conditional transaction per item; rerun with --resume after a stop). Add --endpoint URL for DynamoDB Local or Keylab’s endpoint; for AWS, credentials come from the environment (--region R). --table names the stored table: change it where yours is named otherwise. Run it at the root of a Keylab clone (npm run runs scripts there), the files’ paths as keylab diff was given them.';

const NO_COMMAND_NEW_TABLE =
  'No npm run migrate command carries this out: npm run migrate rewrites an entity’s keys in its table, or copies them into a table with the same key schema. Create the new table (with its key schema and indexes), copy every item into it under its new keys, switch the application to it, then delete the old table.';

const sameKeySchema = (a: TableDesign, b: TableDesign) =>
  JSON.stringify([a.partitionKey, a.sortKey ?? null]) === JSON.stringify([b.partitionKey, b.sortKey ?? null]);

/** A side as `--from`/`--to` reads it: the file itself, or the file `git show` writes first. */
function fileArgument(side: DiffSideSource, which: 'before' | 'after'): { readonly file: string; readonly prepare?: string } {
  if (side.source.kind === 'file') return { file: side.source.path };
  const file = REVISION_FILES[which];
  return { file, prepare: `git show ${quoteShellWord(`${side.source.rev}:${side.source.path}`)} > ${file}` };
}

/**
 * The migrations a diff needs: per entity whose key templates change
 * (rewrite keys, re-index in place), the `npm run migrate` command that
 * carries it out — built only when the migration's own checks pass
 * (specFromDesigns and compileMigration, as the command runs them), so a
 * printed command never fails on its inputs; per table whose key schema,
 * LSIs or name change, why no command does.
 */
export function migrationSteps(
  changes: readonly StructuralChange[],
  before: Design,
  after: Design,
  sides: { readonly before: DiffSideSource; readonly after: DiffSideSource },
): DiffMigration[] {
  const steps: DiffMigration[] = [];
  const rekeys = (change: StructuralChange) =>
    change.area === 'template' && (change.verdict === 'rewriteKeys' || change.verdict === 'reindexInPlace') && change.entity !== undefined;
  // A table that needs a new table: one step, its entities' key changes with it (they move with the copy).
  const newTables = new Set(changes.filter((change) => change.verdict === 'newTableAndMigration').map((change) => change.table));
  for (const table of newTables) {
    const carried = changes.filter((change) => change.table === table && (change.verdict === 'newTableAndMigration' || rekeys(change)));
    steps.push({ table, changes: carried.map((change) => change.subject), commands: [], note: NO_COMMAND_NEW_TABLE });
  }
  const groups = new Map<string, { table: string; entity: string; changes: StructuralChange[] }>();
  for (const change of changes.filter((candidate) => rekeys(candidate) && !newTables.has(candidate.table))) {
    const key = JSON.stringify([change.table, change.entity]);
    const group = groups.get(key) ?? { table: change.table, entity: change.entity as string, changes: [] };
    group.changes.push(change);
    groups.set(key, group);
  }
  for (const group of groups.values()) steps.push(entityStep(group, before, after, sides));
  return steps;
}

function entityStep(
  group: { table: string; entity: string; changes: readonly StructuralChange[] },
  before: Design,
  after: Design,
  sides: { readonly before: DiffSideSource; readonly after: DiffSideSource },
): DiffMigration {
  const base = { table: group.table, entity: group.entity, changes: group.changes.map((change) => change.subject) };
  const beforeTable = before.tables.find((table) => table.name === group.table);
  const afterTable = after.tables.find((table) => table.name === group.table);
  // A key schema change or a rename is a new table (the step above); a table on one side only has nothing to migrate.
  if (!beforeTable || !afterTable || !sameKeySchema(beforeTable, afterTable)) return { ...base, commands: [], note: NO_COMMAND_NEW_TABLE };
  const unreadable = (['before', 'after'] as const).filter((which) => !sides[which].keylabDesign);
  if (unreadable.length > 0) {
    return {
      ...base,
      commands: [],
      note: `npm run migrate reads Keylab design files (--from, --to); the ${unreadable.join(' and ')} side${unreadable.length === 2 ? 's are' : ' is'} another format. Import ${unreadable.length === 2 ? 'them' : 'it'} in the Design tab and save as a Keylab design file, then run npm run migrate -- --table ${group.table} --entity ${group.entity} --from OLD --to NEW --dry-run.`,
    };
  }
  const designTable = before.tables.length > 1 || after.tables.length > 1 ? group.table : undefined;
  const options = { tableName: group.table, entity: group.entity, ...(designTable ? { designTable } : {}) };
  const spec = specFromDesigns(before, after, options);
  const compiled = spec.ok ? compileMigration(spec.value) : spec;
  if (!compiled.ok)
    return {
      ...base,
      commands: [],
      note: `npm run migrate would refuse these designs: ${compiled.problems.map((problem) => `${problem.where}: ${problem.message}`).join('; ')}`,
    };
  const from = fileArgument(sides.before, 'before');
  const to = fileArgument(sides.after, 'after');
  const words = [
    'npm',
    'run',
    'migrate',
    '--',
    '--table',
    group.table,
    ...(designTable ? ['--design-table', designTable] : []),
    '--entity',
    group.entity,
    '--from',
    from.file,
    '--to',
    to.file,
    '--dry-run',
  ];
  const prepare = [from.prepare, to.prepare].filter((line): line is string => line !== undefined);
  return { ...base, commands: [...prepare, words.map(quoteShellWord).join(' ')], note: MIGRATE_NOTE };
}
