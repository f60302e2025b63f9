/**
 * The schema DynamoDB's front end reads requests against: each operation's
 * input shape and the members of an AttributeValue. wireFormat.ts decodes
 * request bodies against it.
 *
 * The shapes are the AWS SDK's service model (sdkInputShapes.generated.ts,
 * written by `npm run generate:endpoint-shapes`) with Keylab's overlay
 * (INPUT_SHAPE_OVERLAY, below) applied on top: what the model does not say
 * but DynamoDB's messages do. Building the shapes throws when the overlay
 * names a shape or member the model does not have, so a renamed member can
 * never leave the overlay silently doing nothing.
 */
import { SDK_OPERATION_INPUTS, SDK_SHAPES } from './sdkInputShapes.generated';
import type { SchemaShape, SchemaTarget } from './sdkSchema.types';
import type { OperationName } from './wireFormat';

/**
 * How a member is read. `javaName` is what DynamoDB's messages call the shape
 * (its Java class), e.g. `Unrecognized collection type class
 * com.amazonaws.dynamodb.v20120810.KeySchemaElement`. `required` is the
 * model's list of members a structure must have (data: the engine checks
 * them with DynamoDB's messages).
 */
export type Shape =
  | { readonly kind: 'string' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'integer'; readonly javaName: 'Integer' | 'Long' }
  | { readonly kind: 'blob' }
  | { readonly kind: 'list'; readonly member: Shape }
  | { readonly kind: 'map'; readonly value: Shape }
  | { readonly kind: 'structure'; readonly javaName: string; readonly members: Readonly<Record<string, Shape>>; readonly required: readonly string[] }
  | { readonly kind: 'attributeValue' }
  /** Passed through as it came (members the engine does not implement; it judges them). */
  | { readonly kind: 'document' };

/** What Keylab adds to the SDK's model; every entry names `Shape.Member` of the model. */
export interface InputShapeOverlay {
  /**
   * Numbers DynamoDB reads as a Java `Integer` (its messages say
   * `STRING_VALUE cannot be converted to Integer`); every other number of
   * the model is a `Long`. The SDK's schemas say only "number".
   */
  readonly integerMembers: readonly string[];
  /**
   * Members of the model that DynamoDB Local's model predates and the engine
   * does not implement: dropped unread, as DynamoDB Local drops them
   * (integration/endpointInputShapes.test.ts), so a wrong type in one is no
   * error.
   */
  readonly droppedMembers: readonly string[];
  /** Members handed to the engine as they came, undecoded (features it does not implement; it refuses them in its own words). */
  readonly passThroughMembers: readonly string[];
  /**
   * Java class names that differ from the model's shape name (the class is
   * `com.amazonaws.dynamodb.v20120810.<name>`); none today, kept so a rename
   * in the model cannot change DynamoDB's messages.
   */
  readonly javaNames: Readonly<Record<string, string>>;
}

/** Keylab's overlay: the few facts of DynamoDB's front end the SDK's model does not carry. */
export const INPUT_SHAPE_OVERLAY: InputShapeOverlay = {
  integerMembers: [
    'ListTablesInput.Limit',
    'QueryInput.Limit',
    'ScanInput.Limit',
    'ScanInput.Segment',
    'ScanInput.TotalSegments',
    'ExecuteStatementInput.Limit',
    'ListStreamsInput.Limit',
    'DescribeStreamInput.Limit',
    'GetRecordsInput.Limit',
  ],
  droppedMembers: [
    'UpdateTableInput.GlobalTableSettingsReplicationMode',
    'UpdateTableInput.DisassociationProtectionEnabled',
    'UpdateTableInput.VectorIndexUpdates',
  ],
  passThroughMembers: ['CreateTableInput.VectorIndexes', 'UpdateTableInput.ReplicaUpdates', 'UpdateTableInput.GlobalTableWitnessUpdates'],
  javaNames: {},
};

const STRING: Shape = { kind: 'string' };
const BOOLEAN: Shape = { kind: 'boolean' };
const BLOB: Shape = { kind: 'blob' };
const DOCUMENT: Shape = { kind: 'document' };
const ATTRIBUTE_VALUE: Shape = { kind: 'attributeValue' };

/** The model's union of attribute values: decoded by its own rules (wireFormat.ts), never as a plain structure. */
const ATTRIBUTE_VALUE_SHAPE = 'AttributeValue';

/**
 * The decoder's shapes: the model with the overlay applied. Throws when the
 * overlay names a shape or member the model lacks, or the model holds
 * something the decoder cannot read.
 */
export function buildInputShapes(
  model: { readonly shapes: Readonly<Record<string, SchemaShape>>; readonly inputs: Readonly<Record<string, string>> },
  overlay: InputShapeOverlay,
): { readonly inputs: Readonly<Record<string, Shape>>; readonly attributeValueMembers: Readonly<Record<string, Shape>> } {
  const memberSet = (list: readonly string[], what: string): ReadonlySet<string> => {
    for (const entry of list) {
      const [shapeName = '', member = ''] = entry.split('.');
      const shape = model.shapes[shapeName];
      if (shape === undefined) throw new Error(`Input shape overlay (${what}): the SDK's model has no shape ${shapeName} (${entry})`);
      if (!('members' in shape) || !Object.hasOwn(shape.members, member))
        throw new Error(`Input shape overlay (${what}): the SDK's shape ${shapeName} has no member ${member} (${entry})`);
    }
    return new Set(list);
  };
  const integers = memberSet(overlay.integerMembers, 'integerMembers');
  const passThrough = memberSet(overlay.passThroughMembers, 'passThroughMembers');
  const dropped = memberSet(overlay.droppedMembers, 'droppedMembers');
  for (const name of Object.keys(overlay.javaNames)) {
    if (!Object.hasOwn(model.shapes, name)) throw new Error(`Input shape overlay (javaNames): the SDK's model has no shape ${name}`);
  }
  for (const member of integers) {
    const [shapeName = '', name = ''] = member.split('.');
    const shape = model.shapes[shapeName];
    if (shape && 'members' in shape && shape.members[name] !== 'number')
      throw new Error(`Input shape overlay (integerMembers): ${member} is not a number in the SDK's model`);
  }

  const built = new Map<string, Shape>();
  const resolve = (target: SchemaTarget, where: string): Shape => {
    if (typeof target === 'string') {
      switch (target) {
        case 'string':
          return STRING;
        case 'boolean':
          return BOOLEAN;
        case 'blob':
          return BLOB;
        case 'document':
          return DOCUMENT;
        case 'number':
          return { kind: 'integer', javaName: integers.has(where) ? 'Integer' : 'Long' };
        case 'timestamp':
          throw new Error(`${where}: a timestamp, which the endpoint's decoder does not read (add it to the overlay as a pass-through member)`);
      }
    }
    if ('list' in target) return { kind: 'list', member: resolve(target.list, where) };
    if ('map' in target) return { kind: 'map', value: resolve(target.map, where) };
    return named(target.shape, where);
  };
  const named = (name: string, where: string): Shape => {
    if (name === ATTRIBUTE_VALUE_SHAPE) return ATTRIBUTE_VALUE;
    const done = built.get(name);
    if (done) return done;
    const shape = model.shapes[name];
    if (shape === undefined) throw new Error(`${where}: the SDK's model has no shape ${name}`);
    let result: Shape;
    switch (shape.type) {
      case 'list':
        result = { kind: 'list', member: resolve(shape.member, name) };
        break;
      case 'map':
        result = { kind: 'map', value: resolve(shape.value, name) };
        break;
      case 'union':
        throw new Error(`${where}: ${name} is a union, which the endpoint's decoder reads only for AttributeValue`);
      case 'structure': {
        const members: Record<string, Shape> = {};
        for (const [member, target] of Object.entries(shape.members)) {
          const path = `${name}.${member}`;
          if (dropped.has(path)) continue;
          members[member] = passThrough.has(path) ? DOCUMENT : resolve(target, path);
        }
        result = { kind: 'structure', javaName: overlay.javaNames[name] ?? name, members, required: shape.required };
        break;
      }
    }
    built.set(name, result);
    return result;
  };

  const inputs: Record<string, Shape> = {};
  for (const [operation, name] of Object.entries(model.inputs)) inputs[operation] = named(name, operation);
  const attributeValue = model.shapes[ATTRIBUTE_VALUE_SHAPE];
  if (attributeValue === undefined || attributeValue.type !== 'union') throw new Error(`The SDK's model has no ${ATTRIBUTE_VALUE_SHAPE} union`);
  const attributeValueMembers: Record<string, Shape> = {};
  for (const [member, target] of Object.entries(attributeValue.members)) attributeValueMembers[member] = resolve(target, `${ATTRIBUTE_VALUE_SHAPE}.${member}`);
  return { inputs, attributeValueMembers };
}

const SHAPES = buildInputShapes({ shapes: SDK_SHAPES, inputs: SDK_OPERATION_INPUTS }, INPUT_SHAPE_OVERLAY);

/** Each operation's input shape (the members of the SDK's `…Input` types). */
export const INPUT_SHAPES = SHAPES.inputs as Readonly<Record<OperationName, Shape>>;

/** The members of an AttributeValue, by JSON shape. */
export const ATTRIBUTE_VALUE_MEMBERS: Readonly<Record<string, Shape>> = SHAPES.attributeValueMembers;
