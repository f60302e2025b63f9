/**
 * The design as a data library's entity code: ElectroDB entities,
 * dynamodb-toolbox v2 entities, a OneTable schema. Each generator is pure
 * (design in, TypeScript text out) and builds every key with the design's
 * own key templates (the key design module's codecs), never a re-implementation.
 */
import type { Design } from '../../design';

/** The libraries Keylab writes entity code for. */
export type EntityCodeLibrary = 'electrodb' | 'dynamodb-toolbox' | 'onetable';

/** The libraries in the order they are offered. */
export const ENTITY_CODE_LIBRARIES: readonly EntityCodeLibrary[] = ['electrodb', 'dynamodb-toolbox', 'onetable'];

/** Each library's name as shown. */
export const ENTITY_CODE_LIBRARY_LABELS: Readonly<Record<EntityCodeLibrary, string>> = {
  electrodb: 'ElectroDB',
  'dynamodb-toolbox': 'dynamodb-toolbox v2',
  onetable: 'OneTable',
};

/** One generated file: its name (no folders) and its text. */
export interface GeneratedFile {
  readonly fileName: string;
  readonly text: string;
}

export interface EntityCodeOptions {
  readonly library: EntityCodeLibrary;
  /** Only this table (by name); absent: every table of the design. */
  readonly table?: string;
  /** Only this entity (by name, in `table` or the only table holding one so named); absent: every entity. */
  readonly entity?: string;
}

/** The generated files, or why there are none (an unknown table or entity, a library not built yet). */
export type EntityCodeResult = { readonly ok: true; readonly files: readonly GeneratedFile[] } | { readonly ok: false; readonly message: string };

/** A library's generator: the design and the entities picked by the options, to files. */
export type EntityCodeGenerator = (design: Design, options: EntityCodeOptions) => EntityCodeResult;
