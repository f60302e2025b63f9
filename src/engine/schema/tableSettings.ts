import type { CreateTableCommandInput, OnDemandThroughput, SSESpecification, TableDescription, UpdateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { validationError } from '../../expressions';
import type { ConstraintErrors } from '../requestErrors';
import type { TableClassName, TableDefinition, TableSettings } from './tableDefinition';

/**
 * A table's configuration parameters that change no item semantics but that
 * DynamoDB stores and describes: deletion protection, table class,
 * server-side encryption with a KMS key, and on-demand maximum throughput.
 * CreateTable and UpdateTable set them; DescribeTable (and both outputs)
 * show them as DynamoDB does; DeleteTable refuses a protected table.
 */

export const TABLE_CLASSES: readonly TableClassName[] = ['STANDARD', 'STANDARD_INFREQUENT_ACCESS'];
const SSE_TYPES = ['AES256', 'KMS'] as const;

/** Settings being worked out: a member set to undefined is unset (withSettings removes it). */
export type SettingsDraft = { readonly [K in keyof TableSettings]?: TableSettings[K] | undefined };

/** Where the table lives, for a KMS key's ARN. */
export interface TableLocation {
  readonly region: string;
  readonly accountId: string;
}

/** DynamoDB's refusal of DeleteTable on a protected table (dynoxide's and fakecloud's recordings of DynamoDB). */
export const DELETION_PROTECTED = 'Resource cannot be deleted as it is currently protected against deletion. Disable deletion protection first.';

/** Member constraints of the settings (enum values), added to the request's other constraint errors. */
export function checkSettingsShape(errors: ConstraintErrors, input: CreateTableCommandInput | UpdateTableCommandInput): void {
  errors.checkEnum(input.TableClass, 'tableClass', TABLE_CLASSES);
  errors.checkEnum(input.SSESpecification?.SSEType, 'sSESpecification.sSEType', SSE_TYPES);
}

/** The settings CreateTable gives a table. */
export function settingsOfCreateTable(input: CreateTableCommandInput, billingMode: string, location: TableLocation, now: number): TableSettings {
  const onDemand = checkOnDemandThroughput(input.OnDemandThroughput, billingMode, undefined);
  const sse = sseOf(input.SSESpecification, location);
  return {
    ...(input.DeletionProtectionEnabled ? { deletionProtection: true } : {}),
    ...(input.TableClass ? { tableClass: { name: input.TableClass as TableClassName, updatedAt: now } } : {}),
    ...(sse ? { sse } : {}),
    ...(onDemand ? { onDemandThroughput: onDemand } : {}),
  };
}

/** The table's settings after an UpdateTable (under its new billing mode); members the request leaves out keep their values. */
export function settingsOfUpdateTable(
  input: UpdateTableCommandInput,
  table: TableDefinition,
  billingMode: string,
  location: TableLocation,
  now: number,
): SettingsDraft {
  const settings: { -readonly [K in keyof SettingsDraft]: SettingsDraft[K] } = {
    deletionProtection: table.deletionProtection,
    tableClass: table.tableClass,
    sse: table.sse,
    onDemandThroughput: billingMode === 'PAY_PER_REQUEST' ? table.onDemandThroughput : undefined,
  };
  if (input.DeletionProtectionEnabled !== undefined) settings.deletionProtection = input.DeletionProtectionEnabled ? true : undefined;
  if (input.TableClass && input.TableClass !== (table.tableClass?.name ?? 'STANDARD')) {
    settings.tableClass = { name: input.TableClass as TableClassName, updatedAt: now };
  }
  if (input.SSESpecification) settings.sse = sseOf(input.SSESpecification, location);
  if (input.OnDemandThroughput) settings.onDemandThroughput = checkOnDemandThroughput(input.OnDemandThroughput, billingMode, table.onDemandThroughput);
  return settings;
}

/** Writes the settings into a definition, leaving unset ones out (definitions are stored as JSON and compared). */
export function withSettings<T extends TableDefinition>(definition: T, settings: SettingsDraft): T {
  const result = { ...definition, ...settings } as unknown as Record<string, unknown>;
  for (const key of ['deletionProtection', 'tableClass', 'sse', 'onDemandThroughput'] as const) {
    if (result[key] === undefined) delete result[key];
  }
  return result as unknown as T;
}

/** The settings as a TableDescription shows them. */
export function describeSettings(definition: TableDefinition): Partial<TableDescription> {
  return {
    ...(definition.tableClass
      ? { TableClassSummary: { TableClass: definition.tableClass.name, LastUpdateDateTime: new Date(definition.tableClass.updatedAt) } }
      : {}),
    ...(definition.sse ? { SSEDescription: { Status: 'ENABLED', SSEType: 'KMS', KMSMasterKeyArn: definition.sse.kmsMasterKeyArn } } : {}),
    ...(definition.onDemandThroughput
      ? {
          OnDemandThroughput: {
            MaxReadRequestUnits: definition.onDemandThroughput.maxReadRequestUnits,
            MaxWriteRequestUnits: definition.onDemandThroughput.maxWriteRequestUnits,
          },
        }
      : {}),
    DeletionProtectionEnabled: definition.deletionProtection === true,
  };
}

/**
 * SSESpecification: Enabled true means a KMS key, the given one (key id,
 * alias or ARN) or the AWS-managed `aws/dynamodb` key; false means
 * DynamoDB's default AWS-owned key, which DescribeTable does not show.
 */
function sseOf(specification: SSESpecification | undefined, location: TableLocation): TableSettings['sse'] {
  if (!specification?.Enabled) {
    if (specification?.KMSMasterKeyId) {
      throw validationError(
        'One or more parameter values were invalid: KMSMasterKeyId can only be specified when SSE is enabled: set Enabled to true or leave KMSMasterKeyId out',
      );
    }
    return undefined;
  }
  const key = specification.KMSMasterKeyId;
  const prefix = `arn:aws:kms:${location.region}:${location.accountId}:`;
  if (!key) return { kmsMasterKeyArn: `${prefix}key/${awsManagedKeyId(location)}` };
  if (key.startsWith('arn:')) return { kmsMasterKeyArn: key };
  return { kmsMasterKeyArn: key.startsWith('alias/') ? prefix + key : `${prefix}key/${key}` };
}

/** A stable UUID-shaped id for the account's AWS-managed DynamoDB key in the region. */
function awsManagedKeyId(location: TableLocation): string {
  let hash = 0x811c9dc5;
  const hex: string[] = [];
  const text = `aws/dynamodb\u0000${location.region}\u0000${location.accountId}`;
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193 + 2 * round) >>> 0;
    hex.push(hash.toString(16).padStart(8, '0'));
  }
  const all = hex.join('');
  return `${all.slice(0, 8)}-${all.slice(8, 12)}-4${all.slice(13, 16)}-a${all.slice(17, 20)}-${all.slice(20, 32)}`;
}

/**
 * OnDemandThroughput: each maximum is -1 (no limit) or at least 1, and only an
 * on-demand table has them. A member left out keeps its current value (-1 on a
 * table that had none).
 */
function checkOnDemandThroughput(
  requested: OnDemandThroughput | undefined,
  billingMode: string,
  current: TableSettings['onDemandThroughput'],
): TableSettings['onDemandThroughput'] {
  if (!requested) return undefined;
  if (billingMode !== 'PAY_PER_REQUEST') {
    throw validationError(
      'One or more parameter values were invalid: OnDemandThroughput can be specified only when BillingMode is PAY_PER_REQUEST: leave it out or use BillingMode PAY_PER_REQUEST',
    );
  }
  const units = (value: number | undefined, name: string, fallback: number): number => {
    if (value === undefined || value === null) return fallback;
    if (!Number.isInteger(value) || (value !== -1 && value < 1)) {
      throw validationError(`One or more parameter values were invalid: ${name} must be -1 (no limit) or a whole number of at least 1, got ${value}`);
    }
    return value;
  };
  return {
    maxReadRequestUnits: units(requested.MaxReadRequestUnits, 'MaxReadRequestUnits', current?.maxReadRequestUnits ?? -1),
    maxWriteRequestUnits: units(requested.MaxWriteRequestUnits, 'MaxWriteRequestUnits', current?.maxWriteRequestUnits ?? -1),
  };
}
