import type {
  AttributeDefinition,
  CreateGlobalSecondaryIndexAction,
  KeySchemaElement,
  ProvisionedThroughput,
  StreamSpecification,
  UpdateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBError, validationError } from '../../expressions';
import type { KeyType } from '../../keys';
import { ConstraintErrors, missingParameter, refuseEmptyTableName } from '../requestErrors';
import { checkThroughputBounds } from './throughputBounds';
import { checkSettingsShape, settingsOfUpdateTable, withSettings, type TableLocation } from './tableSettings';
import { keyNames, type IndexDefinition, type KeyAttribute, type StreamSetting, type TableDefinition, type Throughput } from './tableDefinition';
import { checkGlobalIndexKeySchema, checkIndexShape, checkProjection, checkThroughputShape, INVALID, toIndexKeySchemaInfo } from './validateCreateTable';

/**
 * UpdateTable's validation, with real DynamoDB's messages where they are
 * known (dynalite's tests, recorded against DynamoDB; AWS's API reference;
 * measurements of DynamoDB published with the ACK controller's notes).
 * DynamoDB Local words several differently (`Nothing to update`,
 * `No Attribute Schema Defined`, `The requested throughput value equals the
 * current value`); integration/updateTableContract.test.ts lists them.
 *
 * The index's key schema and projection go through CreateTable's own checks
 * (validateCreateTable.ts), so an index means the same thing either way.
 */

const MAX_GLOBAL_INDEXES = 20;
const STREAM_VIEW_TYPES = ['NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES', 'KEYS_ONLY'] as const;

/** What an UpdateTable does: the table's new definition, and which index it creates or deletes. */
export interface TableUpdate {
  readonly definition: TableDefinition;
  /** The GSI the request creates (its backfill runs when the change is applied). */
  readonly created?: IndexDefinition;
  /** The GSI the request deletes (gone from `definition`). */
  readonly deleted?: IndexDefinition;
}

/** Members of UpdateTableInput the built-in table does not model; refused rather than ignored. */
const UNSUPPORTED_MEMBERS = ['ReplicaUpdates', 'WarmThroughput', 'MultiRegionConsistency', 'GlobalTableWitnessUpdates'] as const;

/**
 * The checks DynamoDB makes before it looks at the table: member constraints,
 * "at least one change", and each GlobalSecondaryIndexUpdate's own shape. A
 * bad request on a missing table is a ValidationException.
 */
export function checkUpdateTableRequest(input: UpdateTableCommandInput): void {
  checkShape(input);
  checkThroughputBounds(input.ProvisionedThroughput);
  for (const update of input.GlobalSecondaryIndexUpdates ?? []) {
    if (update.Update) checkThroughputBounds(update.Update.ProvisionedThroughput, update.Update.IndexName);
    if (update.Create) checkThroughputBounds(update.Create.ProvisionedThroughput, update.Create.IndexName);
  }
  const updates = input.GlobalSecondaryIndexUpdates;
  const record = input as unknown as Record<string, unknown>;
  const changes =
    input.ProvisionedThroughput !== undefined ||
    input.BillingMode !== undefined ||
    input.StreamSpecification !== undefined ||
    input.DeletionProtectionEnabled !== undefined ||
    input.SSESpecification !== undefined ||
    input.TableClass !== undefined ||
    input.OnDemandThroughput !== undefined ||
    (updates !== undefined && updates.length > 0) ||
    UNSUPPORTED_MEMBERS.some((name) => record[name] !== undefined);
  if (!changes) {
    // DynamoDB Local: "Nothing to update".
    throw validationError(
      'At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, ' +
        'MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required',
    );
  }
  for (const name of UNSUPPORTED_MEMBERS) {
    if (record[name] !== undefined) throw validationError(`Keylab's built-in table does not support ${name} in UpdateTable: leave it out`);
  }
  if (updates?.length === 0) throw validationError(INVALID + 'List of GlobalSecondaryIndexUpdates is empty');
  const names = new Set<string>();
  for (const update of updates ?? []) {
    const actions = [update.Create, update.Update, update.Delete].filter((action) => action !== undefined && action !== null);
    if (actions.length === 0) {
      throw validationError(
        INVALID + 'One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null',
      );
    }
    if (actions.length > 1) throw validationError(INVALID + 'Only one global secondary index action is allowed per GlobalSecondaryIndexUpdate object');
    const name = actions[0]?.IndexName as string;
    if (names.has(name)) throw validationError(`${INVALID}Only one global secondary index update per index is allowed simultaneously. Index: ${name}`);
    names.add(name);
  }
}

/** Member constraints (null, enum, length, name pattern), reported together as DynamoDB does. */
function checkShape(input: UpdateTableCommandInput): void {
  // A missing TableName is named on its own (architect/dynalite's recording); an empty one is too (refuseEmptyTableName).
  if (input.TableName === undefined || input.TableName === null) throw missingParameter('TableName');
  refuseEmptyTableName(input.TableName);
  const errors = new ConstraintErrors();
  errors.checkName(input.TableName, 'tableName');
  input.AttributeDefinitions?.forEach((definition, i) => {
    errors.requireValue(definition.AttributeName, `attributeDefinitions.${i + 1}.member.attributeName`);
    if (errors.requireValue(definition.AttributeType, `attributeDefinitions.${i + 1}.member.attributeType`)) {
      errors.checkEnum(definition.AttributeType, `attributeDefinitions.${i + 1}.member.attributeType`, ['B', 'N', 'S']);
    }
  });
  errors.checkEnum(input.BillingMode, 'billingMode', ['PROVISIONED', 'PAY_PER_REQUEST']);
  checkThroughputShape(errors, input.ProvisionedThroughput, 'provisionedThroughput');
  input.GlobalSecondaryIndexUpdates?.forEach((update, i) => {
    const path = `globalSecondaryIndexUpdates.${i + 1}.member`;
    if (update.Update) {
      errors.checkName(update.Update.IndexName, `${path}.update.indexName`);
      if (errors.requireValue(update.Update.ProvisionedThroughput, `${path}.update.provisionedThroughput`)) {
        checkThroughputShape(errors, update.Update.ProvisionedThroughput, `${path}.update.provisionedThroughput`);
      }
    }
    if (update.Create) {
      // No key-count limit here: a GSI may have multi-attribute keys (checkGlobalIndexKeySchema).
      checkIndexShape(errors, update.Create, `${path}.create`, undefined);
      checkThroughputShape(errors, update.Create.ProvisionedThroughput, `${path}.create.provisionedThroughput`);
    }
    if (update.Delete) errors.checkName(update.Delete.IndexName, `${path}.delete.indexName`);
  });
  if (input.StreamSpecification) {
    errors.requireValue(input.StreamSpecification.StreamEnabled, 'streamSpecification.streamEnabled');
    errors.checkEnum(input.StreamSpecification.StreamViewType, 'streamSpecification.streamViewType', STREAM_VIEW_TYPES);
  }
  checkSettingsShape(errors, input);
  errors.throwIfAny();
}

/**
 * Checks an UpdateTable request (already through {@link checkUpdateTableRequest})
 * against the table's current definition and returns what it changes.
 * Throws DynamoDB's error for the first problem.
 *
 * @example
 * validateUpdateTable({ TableName: "Scores", AttributeDefinitions: [{ AttributeName: "player", AttributeType: "S" }],
 *   GlobalSecondaryIndexUpdates: [{ Create: { IndexName: "byPlayer", KeySchema: [{ AttributeName: "player", KeyType: "HASH" }], Projection: { ProjectionType: "ALL" } } }] },
 *   table, Date.now(), { region: "us-east-1", accountId: "000000000000" })
 */
export function validateUpdateTable(input: UpdateTableCommandInput, table: TableDefinition, now: number, location: TableLocation): TableUpdate {
  const updates = input.GlobalSecondaryIndexUpdates ?? [];
  const creates = updates.filter((update) => update.Create).map((update) => update.Create as CreateGlobalSecondaryIndexAction);
  const deletes = updates.filter((update) => update.Delete).map((update) => update.Delete?.IndexName as string);
  if (creates.length + deletes.length > 1) {
    throw new DynamoDBError('LimitExceededException', 'Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table');
  }
  if (creates.length + deletes.length > 0) {
    if (input.ProvisionedThroughput) throw validationError('You cannot create or delete index while updating table IOPS');
    if (input.StreamSpecification) throw validationError('You cannot create or delete index while changing stream status');
  }

  let indexes = [...table.indexes];
  let attributeDefinitions = [...table.attributeDefinitions];
  let deleted: IndexDefinition | undefined;
  const deleteName = deletes[0];
  if (deleteName !== undefined) {
    deleted = requireGlobalIndex(table, deleteName, 'delete');
    indexes = indexes.filter((index) => index !== deleted);
    attributeDefinitions = usedAttributes(attributeDefinitions, table, indexes);
  }

  const billingMode = input.BillingMode ?? table.billingMode;
  const throughputUpdates = new Map<string, Throughput>();
  for (const update of updates) {
    if (!update.Update) continue;
    const index = requireGlobalIndex(table, update.Update.IndexName as string, 'update');
    if (billingMode === 'PAY_PER_REQUEST') {
      throw validationError(
        `${INVALID}The only Updates for index: ${index.name} when TableThroughputMode is PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput`,
      );
    }
    const throughput = toThroughput(update.Update.ProvisionedThroughput as ProvisionedThroughput);
    if (table.billingMode === 'PROVISIONED' && index.provisionedThroughput && sameThroughput(index.provisionedThroughput, throughput)) {
      throw unchangedThroughput(`index ${index.name}`, `for index ${index.name}`, throughput);
    }
    throughputUpdates.set(index.name, throughput);
  }

  let created: IndexDefinition | undefined;
  const create = creates[0];
  if (create) {
    created = checkNewIndex(create, input.AttributeDefinitions, table, billingMode);
    if (indexes.filter((index) => index.kind === 'global').length >= MAX_GLOBAL_INDEXES) {
      throw new DynamoDBError(
        'LimitExceededException',
        `Subscriber limit exceeded: Number of global secondary indexes exceeds per-table limit of ${MAX_GLOBAL_INDEXES}`,
      );
    }
    for (const name of keyNames(created.keys)) {
      if (attributeDefinitions.some((attribute) => attribute.name === name)) continue;
      const type = input.AttributeDefinitions?.find((definition) => definition.AttributeName === name)?.AttributeType as KeyType;
      attributeDefinitions.push({ name, type });
    }
    indexes.push(created);
  }

  const provisionedThroughput = checkTableThroughput(input, table, billingMode);
  if (billingMode === 'PROVISIONED' && table.billingMode === 'PAY_PER_REQUEST') {
    const missing = indexes.filter((index) => index.kind === 'global' && index !== created && !throughputUpdates.has(index.name)).map((index) => index.name);
    if (missing.length > 0) throw validationError(`${INVALID}ProvisionedThroughput must be specified for index: ${missing.join(',')}`);
  }
  indexes = indexes.map((index) => withThroughput(index, billingMode, throughputUpdates.get(index.name)));

  const stream = input.StreamSpecification ? checkStream(input.StreamSpecification, table.stream, now) : table.stream;
  // Each member keeps its place (the definition is stored as JSON and compared), and an optional one that is
  // now unset is removed rather than left undefined.
  const definition: Omit<TableDefinition, 'provisionedThroughput' | 'stream'> & {
    provisionedThroughput?: Throughput | undefined;
    stream?: StreamSetting | undefined;
  } = {
    ...table,
    attributeDefinitions,
    indexes,
    billingMode,
    provisionedThroughput,
    ...payPerRequestSince(table, billingMode, now),
    stream,
  };
  if (!provisionedThroughput) delete definition.provisionedThroughput;
  if (!stream) delete definition.stream;
  const settings = settingsOfUpdateTable(input, table, billingMode, location, now);
  return { definition: withSettings(definition as TableDefinition, settings), ...(created ? { created } : {}), ...(deleted ? { deleted } : {}) };
}

/** When the table last became on-demand: now on a switch to it; kept (or its creation) once it switches away, for BillingModeSummary. */
function payPerRequestSince(table: TableDefinition, billingMode: string, now: number): { lastUpdateToPayPerRequest?: number } {
  if (billingMode === table.billingMode) return {};
  return { lastUpdateToPayPerRequest: billingMode === 'PAY_PER_REQUEST' ? now : (table.lastUpdateToPayPerRequest ?? table.createdAt) };
}

/** The GSI named in an Update or Delete; ResourceNotFoundException for an unknown one, ValidationException for an LSI. */
function requireGlobalIndex(table: TableDefinition, name: string, action: 'update' | 'delete'): IndexDefinition {
  const index = table.indexes.find((candidate) => candidate.name === name);
  if (!index) throw new DynamoDBError('ResourceNotFoundException', `Requested resource not found: Index ${name} for table ${table.name}`);
  // DynamoDB Local's wording (DynamoDB refuses it as a ValidationException too).
  if (index.kind === 'local') throw validationError(`Cannot ${action} an index that is not a GlobalSecondaryIndex`);
  return index;
}

/** A Create action: its attribute definitions, then CreateTable's key schema and projection checks. */
function checkNewIndex(
  create: CreateGlobalSecondaryIndexAction,
  definitions: readonly AttributeDefinition[] | undefined,
  table: TableDefinition,
  billingMode: string,
): IndexDefinition {
  const name = create.IndexName as string;
  // Checked first (DynamoDB Local reports it before any other problem of the index).
  if (table.indexes.some((index) => index.name === name)) throw validationError('Attempting to create an index which already exists');
  // DynamoDB Local: "No Attribute Schema Defined".
  if (!definitions || definitions.length === 0) throw validationError(`${INVALID}AttributeDefinitions is not specified for index: ${name}`);
  const seen = new Set<string>();
  for (const definition of definitions) {
    const attribute = definition.AttributeName as string;
    if (seen.has(attribute)) throw validationError(`Attribute Name is duplicated: ${attribute}`);
    seen.add(attribute);
  }
  // The new keys must be defined in this request, even when the table already knows them (a table key, an LSI key).
  const keys = checkGlobalIndexKeySchema(create.KeySchema as KeySchemaElement[], [...seen]);
  const typeOf = (attribute: string): KeyType => definitions.find((definition) => definition.AttributeName === attribute)?.AttributeType as KeyType;
  const keySchema = create.KeySchema as KeySchemaElement[];
  const redefined = keys.filter((attribute) => {
    const existing = table.attributeDefinitions.find((known) => known.name === attribute);
    return existing !== undefined && existing.type !== typeOf(attribute);
  });
  if (redefined.length > 0) {
    const schema = (elements: readonly { name: string; type: string; role: string }[]) =>
      `Schema:[${elements.map((element) => `SchemaElement: key{${element.name}:${element.type}:${element.role}}`).join(', ')}]`;
    const existingType = (attribute: string) => table.attributeDefinitions.find((known) => known.name === attribute)?.type as string;
    throw validationError(
      `${INVALID}Attributes cannot be redefined. Please check that your attribute has the same type as previously defined. ` +
        `Existing schema: ${schema(redefined.map((attribute) => ({ name: attribute, type: existingType(attribute), role: roleOf(keySchema, attribute) })))} ` +
        `New schema: ${schema(keySchema.map((element) => ({ name: element.AttributeName as string, type: typeOf(element.AttributeName as string), role: element.KeyType as string })))}`,
    );
  }
  const projection = checkProjection(create);
  const throughput = create.ProvisionedThroughput;
  if (billingMode === 'PAY_PER_REQUEST' && throughput) {
    throw validationError(`${INVALID}ProvisionedThroughput should not be specified for index: ${name} when BillingMode is PAY_PER_REQUEST`);
  }
  if (billingMode === 'PROVISIONED' && !throughput)
    throw validationError(`${INVALID}Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: ${name}`);
  return {
    name,
    kind: 'global',
    keys: toIndexKeySchemaInfo(keySchema, typeOf),
    projection,
    ...(throughput ? { provisionedThroughput: toThroughput(throughput) } : {}),
  };
}

function roleOf(keySchema: readonly KeySchemaElement[], attribute: string): string {
  return keySchema.find((element) => element.AttributeName === attribute)?.KeyType as string;
}

/** The table's throughput after the request, with DynamoDB's billing-mode rules. */
function checkTableThroughput(input: UpdateTableCommandInput, table: TableDefinition, billingMode: string): Throughput | undefined {
  const requested = input.ProvisionedThroughput;
  if (billingMode === 'PAY_PER_REQUEST') {
    if (requested) throw validationError(INVALID + 'Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST');
    return undefined;
  }
  if (!requested) {
    if (table.billingMode === 'PAY_PER_REQUEST' || input.BillingMode === 'PROVISIONED') {
      throw validationError(INVALID + 'ProvisionedThroughput must be specified when BillingMode is PROVISIONED');
    }
    return table.provisionedThroughput;
  }
  const throughput = toThroughput(requested);
  if (table.billingMode === 'PROVISIONED' && table.provisionedThroughput && sameThroughput(table.provisionedThroughput, throughput)) {
    throw unchangedThroughput('table', 'for the table', throughput);
  }
  return throughput;
}

/** `The provisioned throughput for the table will not change. …` (dynalite's recording of DynamoDB). */
function unchangedThroughput(subject: string, provisioned: string, throughput: Throughput): DynamoDBError {
  const { readCapacityUnits: read, writeCapacityUnits: write } = throughput;
  // DynamoDB Local: "The requested throughput value equals the current value".
  return validationError(
    `The provisioned throughput for the ${subject} will not change. The requested value equals the current value. ` +
      `Current ReadCapacityUnits provisioned ${provisioned}: ${read}. Requested ReadCapacityUnits: ${read}. ` +
      `Current WriteCapacityUnits provisioned ${provisioned}: ${write}. Requested WriteCapacityUnits: ${write}. ` +
      'Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.',
  );
}

/** A GSI under the table's (new) billing mode: on-demand GSIs have no throughput of their own. */
function withThroughput(index: IndexDefinition, billingMode: string, update: Throughput | undefined): IndexDefinition {
  if (index.kind === 'local') return index;
  if (billingMode === 'PAY_PER_REQUEST') {
    if (!index.provisionedThroughput) return index;
    const { provisionedThroughput: _dropped, ...rest } = index;
    return rest;
  }
  return update ? { ...index, provisionedThroughput: update } : index;
}

function toThroughput(throughput: ProvisionedThroughput): Throughput {
  return { readCapacityUnits: throughput.ReadCapacityUnits as number, writeCapacityUnits: throughput.WriteCapacityUnits as number };
}

function sameThroughput(a: Throughput, b: Throughput): boolean {
  return a.readCapacityUnits === b.readCapacityUnits && a.writeCapacityUnits === b.writeCapacityUnits;
}

/** Attribute definitions still used by a key once an index is gone (DynamoDB prunes the rest). */
function usedAttributes(definitions: readonly KeyAttribute[], table: TableDefinition, indexes: readonly IndexDefinition[]): KeyAttribute[] {
  const used = new Set([...keyNames(table.keys), ...indexes.flatMap((index) => keyNames(index.keys))]);
  return definitions.filter((definition) => used.has(definition.name));
}

/**
 * StreamSpecification: enabling gives the stream a new label (a new stream);
 * disabling keeps the last label, so DescribeTable still shows
 * LatestStreamArn, as DynamoDB (and DynamoDB Local) do. Messages are
 * DynamoDB Local's.
 */
function checkStream(specification: StreamSpecification, current: StreamSetting | undefined, now: number): StreamSetting {
  const viewType = specification.StreamViewType;
  if (specification.StreamEnabled) {
    if (!viewType) throw validationError('Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.');
    if (current?.enabled) throw validationError('Table already has an enabled stream');
    // `2026-12-01T16:17:02.123`: the ARN's last part, as DynamoDB writes it (UTC, no zone suffix).
    return { enabled: true, viewType, label: new Date(now).toISOString().replace(/Z$/, '') };
  }
  if (viewType) throw validationError('Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.');
  if (!current?.enabled) throw validationError('Table has no stream to disable');
  return { ...current, enabled: false };
}
