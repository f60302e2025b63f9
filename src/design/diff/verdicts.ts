import type { ChangeVerdict } from './diff.types';

/** The badge of each verdict, worded as the issue names them ("new index and backfill", "new table and a migration"). */
export const VERDICT_LABELS: Readonly<Record<ChangeVerdict, string>> = {
  designOnly: 'design only',
  review: 'review',
  inPlace: 'in place',
  reindexInPlace: 're-indexed in place',
  rewriteKeys: 'items move: rewrite keys',
  newIndexAndBackfill: 'new index and backfill',
  newTable: 'new table',
  deleteTable: 'table deleted',
  newTableAndMigration: 'new table and a migration',
};

/** From the most work to the least: the order of a summary and of the changes within a table. */
export const VERDICT_RANK: Readonly<Record<ChangeVerdict, number>> = {
  newTableAndMigration: 0,
  deleteTable: 1,
  newIndexAndBackfill: 2,
  rewriteKeys: 3,
  reindexInPlace: 4,
  newTable: 5,
  inPlace: 6,
  designOnly: 7,
  review: 8,
};

/** What DynamoDB can do, per kind of change (DynamoDB Developer Guide: GSI.OnlineOps, LSI, switching capacity modes). */
export const HOW = {
  tableAdded: 'CreateTable: a new table; nothing stored moves.',
  tableRemoved: 'DeleteTable deletes the table and every item in it: export the items first if they are still needed.',
  tableRenamed: 'A new table and a migration: DynamoDB can’t rename a table. Create the new table and copy every item into it (or keep the old name).',
  keySchema:
    'A new table and a migration: a table’s key schema (its partition and sort key attributes and their types) can’t be changed. Create a new table and copy every item into it, rewriting its keys (Migrate keys, Copy into).',
  billingMode:
    'In place: UpdateTable BillingMode. DynamoDB allows a switch from provisioned to on-demand up to four times in a 24-hour rolling window, and from on-demand to provisioned at any time.',
  capacity: 'In place: UpdateTable ProvisionedThroughput. Increases at any time; decreases are limited per table per day (DynamoDB’s quota).',
  gsiAdded:
    'In place: UpdateTable adds the GSI and DynamoDB backfills it from the table’s items (the index is CREATING until the backfill ends; one GSI is created or deleted per UpdateTable).',
  gsiRemoved: 'In place: UpdateTable deletes the GSI; the table’s items are untouched.',
  gsiChanged:
    'A new index and backfill: a GSI’s key schema and projection can’t be changed. Create the new GSI (UpdateTable; DynamoDB backfills it), switch the reads to it once it is ACTIVE, then delete the old one.',
  lsi: 'A new table and a migration: an LSI is created only with its table and can’t be added, changed or deleted afterwards. Create a new table with the indexes wanted and copy every item into it.',
  kindChanged:
    'A new table and a migration: the index turns into or out of an LSI, and an LSI exists only as created with its table. Create a new table and copy every item into it.',
  tableKeyTemplate:
    'The stored items move: a key attribute can’t be updated in place, so each item is written under its new key and the old one deleted, in one conditional transaction per item (a migration: Keylab’s Migrate keys).',
  indexKeyTemplate:
    'Items re-index in place when the attribute is rewritten: an UpdateItem of the attribute per stored item, and DynamoDB moves its entry in the index. No new index.',
  indexKeyTemplateAdded:
    'Items join the index in place when the attribute is written (an UpdateItem per stored item); DynamoDB adds their entries. No new index.',
  indexKeyTemplateRemoved: 'Items leave the index in place when the attribute is removed (an UpdateItem REMOVE per stored item). No new index.',
  deletedIndexKey: 'Design only: the index is deleted, so these attributes are no longer keys; stored items keep them until rewritten.',
  noLongerIndexKey: 'Design only: these attributes are no longer keys of the index; stored items keep them, and the index ignores them.',
  carriedIndexKey:
    'Nothing to rewrite: stored items already hold the attribute the new key template reads (the template is the attribute itself), so the index takes them as they are.',
  entity: 'Design only: items are schemaless; the application starts or stops writing this kind of item. Nothing changes in DynamoDB.',
  attributes: 'Design only: non-key attributes are schemaless; nothing changes in DynamoDB (stored items keep what they have until written).',
  samples: 'Design only: sample rows are the design’s examples, not stored items.',
  pattern: 'Design only: an access pattern is a query the application sends; nothing changes in DynamoDB.',
  findingAdded: 'A review finding the new design has and the old one did not.',
  findingResolved: 'A review finding of the old design the new one no longer has.',
  findingDecided:
    'A review finding the new design has and the old one did not, with a decision recorded on it (accepted, won’t fix, fix later): quiet, as in keylab check.',
} as const;
