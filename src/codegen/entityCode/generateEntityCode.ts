import type { Design } from '../../design';
import type { EntityCodeOptions, EntityCodeResult } from './entityCode.types';
import { generateOneTableSchema } from './onetable';

/**
 * The design (or one table or entity of it) as entity code for a library:
 * ElectroDB, dynamodb-toolbox v2 or OneTable.
 *
 * @example
 * generateEntityCode(LEADERBOARD_DESIGN, { library: 'electrodb', entity: 'Score' })
 * // { ok: true, files: [{ fileName: 'leaderboard.electrodb.ts', text: '…' }] }
 */
export function generateEntityCode(design: Design, options: EntityCodeOptions): EntityCodeResult {
  switch (options.library) {
    case 'electrodb':
    case 'dynamodb-toolbox':
      return { ok: false, message: `Entity code for ${options.library} is not built yet.` };
    case 'onetable':
      return generateOneTableSchema(design, options);
  }
}
