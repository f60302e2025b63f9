import { describe, expect, it } from 'vitest';
import { buildInputShapes, INPUT_SHAPE_OVERLAY, INPUT_SHAPES, type InputShapeOverlay } from './inputShapes';
import { SDK_OPERATION_INPUTS, SDK_SHAPES } from './sdkInputShapes.generated';

const model = { shapes: SDK_SHAPES, inputs: SDK_OPERATION_INPUTS };
const overlay = (change: Partial<InputShapeOverlay>): InputShapeOverlay => ({ ...INPUT_SHAPE_OVERLAY, ...change });

describe('INPUT_SHAPES (the SDK model with Keylab’s overlay)', () => {
  it('names structures by their Java class and keeps the model’s required members as data', () => {
    const createTable = INPUT_SHAPES.CreateTable;
    expect(createTable).toMatchObject({ kind: 'structure', javaName: 'CreateTableInput', required: ['TableName'] });
    if (createTable.kind !== 'structure') throw new Error('CreateTable is a structure');
    expect(createTable.members.KeySchema).toEqual({
      kind: 'list',
      member: {
        kind: 'structure',
        javaName: 'KeySchemaElement',
        members: { AttributeName: { kind: 'string' }, KeyType: { kind: 'string' } },
        required: ['AttributeName', 'KeyType'],
      },
    });
  });

  it('reads Limit as an Integer and capacity units as a Long, passes VectorIndexes through and drops the members DynamoDB Local does not know', () => {
    const [query, createTable, updateTable] = [INPUT_SHAPES.Query, INPUT_SHAPES.CreateTable, INPUT_SHAPES.UpdateTable];
    if (query.kind !== 'structure' || createTable.kind !== 'structure' || updateTable.kind !== 'structure') throw new Error('inputs are structures');
    expect(query.members.Limit).toEqual({ kind: 'integer', javaName: 'Integer' });
    expect(createTable.members.ProvisionedThroughput).toMatchObject({ members: { ReadCapacityUnits: { kind: 'integer', javaName: 'Long' } } });
    expect(createTable.members.VectorIndexes).toEqual({ kind: 'document' });
    expect(Object.keys(updateTable.members)).not.toContain('VectorIndexUpdates');
  });
});

describe('buildInputShapes fails loudly on an overlay the model does not match', () => {
  it.each([
    [{ integerMembers: ['QueryInput.Limitt'] }, "Input shape overlay (integerMembers): the SDK's shape QueryInput has no member Limitt (QueryInput.Limitt)"],
    [{ integerMembers: ['QueryInputs.Limit'] }, "Input shape overlay (integerMembers): the SDK's model has no shape QueryInputs (QueryInputs.Limit)"],
    [{ integerMembers: ['QueryInput.TableName'] }, "Input shape overlay (integerMembers): QueryInput.TableName is not a number in the SDK's model"],
    [
      { passThroughMembers: ['UpdateTableInput.ReplicaUpdate'] },
      "Input shape overlay (passThroughMembers): the SDK's shape UpdateTableInput has no member ReplicaUpdate",
    ],
    [{ droppedMembers: ['KeySchema.AttributeName'] }, "Input shape overlay (droppedMembers): the SDK's shape KeySchema has no member AttributeName"],
    [{ javaNames: { KeySchemaElements: 'KeySchemaElement' } }, "Input shape overlay (javaNames): the SDK's model has no shape KeySchemaElements"],
  ] as const)('%j', (change, message) => {
    expect(() => buildInputShapes(model, overlay(change))).toThrow(message);
  });

  it('applies a Java class name from the overlay', () => {
    const shapes = buildInputShapes(model, overlay({ javaNames: { KeySchemaElement: 'KeySchemaElementV2' } }));
    expect(JSON.stringify(shapes.inputs.CreateTable)).toContain('"javaName":"KeySchemaElementV2"');
  });
});
