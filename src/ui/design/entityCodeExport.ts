import type { EntityCodeLibrary } from '../../codegen';
import type { Design, DownloadFile } from '../../design';

/**
 * The Export format select's entity-code choices (the design layer may not
 * import codegen, so the list is composed here, after the design's own
 * formats). The generator loads when Download is clicked, not with the tab.
 */
export interface EntityCodeFormat {
  readonly id: string;
  readonly label: string;
  readonly library: EntityCodeLibrary;
}

export const ENTITY_CODE_FORMATS: readonly EntityCodeFormat[] = [
  { id: 'entity-code-electrodb', label: 'ElectroDB entities (TypeScript)', library: 'electrodb' },
  { id: 'entity-code-dynamodb-toolbox', label: 'dynamodb-toolbox entities (TypeScript)', library: 'dynamodb-toolbox' },
  { id: 'entity-code-onetable', label: 'OneTable schema', library: 'onetable' },
];

/** An entry of the Entity select: every entity, or one (by table, as entity names may repeat across tables). */
export interface EntityChoice {
  readonly value: string;
  readonly label: string;
  readonly table?: string;
  readonly entity?: string;
}

export const ALL_ENTITIES = '';

/** "All entities" first, then each entity (named with its table when the design has several). */
export function entityChoices(design: Design): EntityChoice[] {
  const several = design.tables.length > 1;
  return [
    { value: ALL_ENTITIES, label: 'All entities' },
    ...design.tables.flatMap((table, tableIndex) =>
      table.entities.map((entity, entityIndex) => ({
        value: `${tableIndex}:${entityIndex}`,
        label: several ? `${table.name} / ${entity.name}` : entity.name,
        table: table.name,
        entity: entity.name,
      })),
    ),
  ];
}

const MEDIA_TYPES: Readonly<Record<string, string>> = { json: 'application/json', ts: 'text/typescript' };

/**
 * The generated files for the design (or the chosen entity), ready to
 * download, or why there are none.
 *
 * @example
 * await exportEntityCode(design, 'onetable', { table: 'Leaderboard', entity: 'Run' })
 * // { ok: true, files: [{ fileName: 'leaderboard.Run.rankKey.key.ts', mediaType: 'text/typescript', text: '…' }, …] }
 */
export async function exportEntityCode(
  design: Design,
  library: EntityCodeLibrary,
  choice: Pick<EntityChoice, 'table' | 'entity'>,
): Promise<{ ok: true; files: DownloadFile[] } | { ok: false; message: string }> {
  const { generateEntityCode } = await import('../../codegen');
  const result = generateEntityCode(design, {
    library,
    ...(choice.table !== undefined ? { table: choice.table } : {}),
    ...(choice.entity !== undefined ? { entity: choice.entity } : {}),
  });
  if (!result.ok) return result;
  return { ok: true, files: result.files.map((file) => ({ ...file, mediaType: MEDIA_TYPES[file.fileName.split('.').pop() ?? ''] ?? 'text/plain' })) };
}
