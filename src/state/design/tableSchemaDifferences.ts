import type { CreateTableCommandInput, KeySchemaElement, Projection, TableDescription } from '@aws-sdk/client-dynamodb';

interface IndexLike {
  readonly IndexName?: string;
  readonly KeySchema?: KeySchemaElement[];
  readonly Projection?: Projection;
}

/**
 * How an existing table differs from the one a design would create, in
 * sentences for the load report ("key schema: the table has PK (HASH), the
 * design PK (HASH), SK (RANGE)"). Empty when the two match: same key schema,
 * same key attribute types, the same indexes with the same keys and
 * projection types. Throughput, billing mode and streams are not compared:
 * they don't change what a write does.
 */
export function tableSchemaDifferences(wanted: CreateTableCommandInput, existing: TableDescription): string[] {
  const differences: string[] = [];
  const keyText = (schema: readonly KeySchemaElement[] | undefined) =>
    (schema ?? []).map((element) => `${element.AttributeName} (${element.KeyType})`).join(', ') || 'none';
  const sameKeys = (a: readonly KeySchemaElement[] | undefined, b: readonly KeySchemaElement[] | undefined) => keyText(a) === keyText(b);

  if (!sameKeys(existing.KeySchema, wanted.KeySchema))
    differences.push(`key schema: the table has ${keyText(existing.KeySchema)}, the design ${keyText(wanted.KeySchema)}`);

  const existingTypes = new Map((existing.AttributeDefinitions ?? []).map((definition) => [definition.AttributeName, definition.AttributeType]));
  for (const definition of wanted.AttributeDefinitions ?? []) {
    const type = existingTypes.get(definition.AttributeName);
    if (type !== undefined && type !== definition.AttributeType)
      differences.push(`attribute ${definition.AttributeName} is ${type} in the table but ${definition.AttributeType} in the design`);
  }

  type IndexShape = { readonly name: string; readonly kind: 'GSI' | 'LSI'; readonly keys?: readonly KeySchemaElement[]; readonly projection?: Projection };
  const shapes = (from: { GlobalSecondaryIndexes?: readonly IndexLike[]; LocalSecondaryIndexes?: readonly IndexLike[] }): IndexShape[] => [
    ...(from.GlobalSecondaryIndexes ?? []).map((index): IndexShape => ({
      name: index.IndexName ?? '',
      kind: 'GSI',
      keys: index.KeySchema,
      projection: index.Projection,
    })),
    ...(from.LocalSecondaryIndexes ?? []).map((index): IndexShape => ({
      name: index.IndexName ?? '',
      kind: 'LSI',
      keys: index.KeySchema,
      projection: index.Projection,
    })),
  ];
  const existingIndexes = new Map(shapes(existing).map((index) => [index.name, index]));
  const wantedIndexes = shapes(wanted);
  for (const index of wantedIndexes) {
    const found = existingIndexes.get(index.name);
    if (!found) {
      differences.push(`the table has no ${index.kind} ${index.name}`);
      continue;
    }
    if (found.kind !== index.kind) differences.push(`${index.name} is a ${found.kind} in the table but a ${index.kind} in the design`);
    if (!sameKeys(found.keys, index.keys)) differences.push(`${index.name} keys: the table has ${keyText(found.keys)}, the design ${keyText(index.keys)}`);
    const foundProjection = found.projection?.ProjectionType ?? 'ALL';
    const wantedProjection = index.projection?.ProjectionType ?? 'ALL';
    if (foundProjection !== wantedProjection) differences.push(`${index.name} projects ${foundProjection} in the table but ${wantedProjection} in the design`);
  }
  const wantedNames = new Set(wantedIndexes.map((index) => index.name));
  for (const [name, index] of existingIndexes) if (!wantedNames.has(name)) differences.push(`the table has ${index.kind} ${name}, which the design does not`);
  return differences;
}
