/**
 * The NoSQL Workbench data model JSON (Workbench's "Export model", also what
 * Dynobase and AWS's sample models use), as far as Keylab reads and writes
 * it. Versions 1.0, 2.0 and 3.0 share these fields; unknown ones are ignored.
 */
export const WORKBENCH_VERSIONS = ['1.0', '2.0', '3.0'] as const;
export const WORKBENCH_SERVICE = 'Amazon DynamoDB';
/**
 * The extension field Keylab adds to an exported model (Workbench ignores
 * keys it does not know): the whole design, so importing Keylab's own export
 * restores templates, entities, samples and access patterns exactly.
 */
export const KEYLAB_EXTENSION_FIELD = 'KeylabDesign';

export interface WorkbenchKeyAttribute {
  readonly AttributeName: string;
  readonly AttributeType: 'S' | 'N' | 'B';
}

export interface WorkbenchKeyAttributes {
  readonly PartitionKey: WorkbenchKeyAttribute;
  readonly SortKey?: WorkbenchKeyAttribute;
}
