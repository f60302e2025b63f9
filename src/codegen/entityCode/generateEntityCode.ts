import type { Design } from '../../design';
import { generateDynamodbToolbox } from './dynamodbToolbox';
import { generateElectroDB } from './electrodb';
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
      return generateElectroDB(design, options);
    case 'dynamodb-toolbox':
      return generateDynamodbToolbox(design, options);
    case 'onetable':
      return generateOneTableSchema(design, options);
  }
}
