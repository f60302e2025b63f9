/**
 * The form of sdkInputShapes.generated.ts: the AWS SDK's service model,
 * reduced to what a request decoder needs (scripts/generate-endpoint-shapes.ts
 * writes it; inputShapes.ts reads it).
 */

/** A member's target: a scalar, an inline list or map, or a named shape. */
export type SchemaTarget =
  | 'string'
  | 'number'
  | 'boolean'
  | 'blob'
  | 'timestamp'
  | 'document'
  | { readonly list: SchemaTarget }
  | { readonly map: SchemaTarget }
  | { readonly shape: string };

/** A named shape of the service model; `required` lists the members the model requires. */
export type SchemaShape =
  | { readonly type: 'structure' | 'union'; readonly members: Readonly<Record<string, SchemaTarget>>; readonly required: readonly string[] }
  | { readonly type: 'list'; readonly member: SchemaTarget }
  | { readonly type: 'map'; readonly value: SchemaTarget };
