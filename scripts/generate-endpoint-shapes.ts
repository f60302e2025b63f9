/**
 * Regenerates src/server/endpoint/sdkInputShapes.generated.ts, the input
 * shapes of the operations Keylab's endpoint serves, from the service model
 * the AWS SDK ships as schemas (`CreateTableInput$`, … exported by
 * @aws-sdk/client-dynamodb and @aws-sdk/client-dynamodb-streams):
 * `npm run generate:endpoint-shapes`.
 *
 * Each schema is `[kind, namespace, name, traits, …]`: kind 3 a structure
 * (member names, member targets, and how many of the first members are
 * required), 4 a union (AttributeValue), 1 a list, 2 a map; a target is
 * another schema (behind a thunk) or a number: 0 string, 1 number, 2 boolean,
 * 4–7 timestamps, 15 document, 21 blob, `64 | t` a list of t and `128 | t` a
 * map of t; a member with traits of its own is `[target, traits]`. The SDK's JavaScript schemas carry no length, range or enum
 * traits (the client does not validate them), so the required members are the
 * only constraints they give.
 *
 * The generated module is data only; src/server/endpoint/inputShapes.ts
 * applies Keylab's overlay (Java class names for DynamoDB's messages, Integer
 * or Long, members passed through) on top. A unit test regenerates the module
 * in memory and fails while the committed file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as dynamodb from '@aws-sdk/client-dynamodb';
import * as streams from '@aws-sdk/client-dynamodb-streams';
import type { SchemaShape, SchemaTarget } from '../src/server/endpoint/sdkSchema.types';
import { OPERATIONS, STREAM_OPERATIONS } from '../src/server/endpoint/wireFormat';
import { REPO_ROOT } from './paths';

export const ENDPOINT_SHAPES_OUTPUT = 'src/server/endpoint/sdkInputShapes.generated.ts';
export const GENERATE_ENDPOINT_SHAPES_COMMAND = 'npm run generate:endpoint-shapes';

/** A service's schemas as the SDK package exports them (`<Shape>$`). */
export type SchemaExports = Readonly<Record<string, unknown>>;

export interface ServiceSchemas {
  /** The package, for the header and messages (e.g. @aws-sdk/client-dynamodb). */
  readonly packageName: string;
  readonly version: string;
  readonly exports: SchemaExports;
  /** The operations to generate input shapes for. */
  readonly operations: readonly string[];
}

const SCALARS: Readonly<Record<number, SchemaTarget>> = {
  0: 'string',
  1: 'number',
  2: 'boolean',
  4: 'timestamp',
  5: 'timestamp',
  6: 'timestamp',
  7: 'timestamp',
  15: 'document',
  21: 'blob',
};
const LIST_MODIFIER = 64;
const MAP_MODIFIER = 128;

/**
 * The named shapes reachable from the operations' inputs, and each
 * operation's input shape name. Throws on a schema it cannot read (a new
 * kind, a shape named twice with different content), naming where.
 */
export function readServiceShapes(services: readonly ServiceSchemas[]): { shapes: Record<string, SchemaShape>; inputs: Record<string, string> } {
  const shapes: Record<string, SchemaShape> = {};
  const inputs: Record<string, string> = {};
  const visiting = new Set<string>();
  const read = new Set<readonly unknown[]>();

  const target = (schema: unknown, where: string): SchemaTarget => {
    const value = typeof schema === 'function' ? (schema as () => unknown)() : schema;
    if (typeof value === 'number') {
      if (value & LIST_MODIFIER) return { list: target(value & ~LIST_MODIFIER, `${where}[]`) };
      if (value & MAP_MODIFIER) return { map: target(value & ~MAP_MODIFIER, `${where}{}`) };
      const scalar = SCALARS[value];
      if (scalar === undefined) throw new Error(`${where}: unknown simple schema ${value}`);
      return scalar;
    }
    // `[target, traits]`: a member with traits of its own (e.g. an idempotency token); the traits are not constraints.
    if (Array.isArray(value) && value.length === 2) return target(value[0], where);
    if (!Array.isArray(value) || typeof value[2] !== 'string') throw new Error(`${where}: not a schema (${JSON.stringify(value)})`);
    return { shape: named(value, where) };
  };

  const named = (schema: readonly unknown[], where: string): string => {
    const [kind, , name] = schema as [number, string, string];
    // The same schema object again, or a cycle: already (being) read. The same name from another package is read and compared.
    if (read.has(schema) || visiting.has(name)) return name;
    read.add(schema);
    visiting.add(name);
    let shape: SchemaShape;
    if (kind === 3 || kind === 4) {
      const names = schema[4] as readonly string[];
      const targets = schema[5] as readonly unknown[];
      const requiredCount = typeof schema[6] === 'number' ? schema[6] : 0;
      const members: Record<string, SchemaTarget> = {};
      names.forEach((member, index) => {
        members[member] = target(targets[index], `${name}.${member}`);
      });
      shape = { type: kind === 3 ? 'structure' : 'union', members, required: names.slice(0, requiredCount) };
    } else if (kind === 1) {
      shape = { type: 'list', member: target(schema[4], `${name}[]`) };
    } else if (kind === 2) {
      if (schema[4] !== 0) throw new Error(`${name}: a map whose keys are not strings`);
      shape = { type: 'map', value: target(schema[5], `${name}{}`) };
    } else {
      throw new Error(`${where}: schema ${name} has kind ${kind}, which the generator does not read`);
    }
    visiting.delete(name);
    const before = shapes[name];
    if (before !== undefined && JSON.stringify(before) !== JSON.stringify(shape)) throw new Error(`${name} is defined twice, differently (${where})`);
    shapes[name] = shape;
    return name;
  };

  for (const service of services) {
    for (const operation of service.operations) {
      const input = service.exports[`${operation}Input$`];
      if (!Array.isArray(input)) throw new Error(`${service.packageName} exports no ${operation}Input$ schema`);
      inputs[operation] = named(input, operation);
    }
  }
  return { shapes, inputs };
}

/** The generated module's text. */
export function buildEndpointShapesModule(services: readonly ServiceSchemas[]): string {
  const { shapes, inputs } = readServiceShapes(services);
  const names = Object.keys(shapes).sort();
  const operations = Object.keys(inputs).sort();
  const from = services.map((service) => `${service.packageName}@${service.version}`).join(' and ');
  return `/**
 * The input shapes of the operations Keylab's endpoint serves, as the AWS
 * SDK's service model describes them: members, their targets, and the members
 * each structure requires (the SDK's schemas carry no length, range or enum
 * constraints). src/server/endpoint/inputShapes.ts applies Keylab's overlay
 * on top (Java class names for DynamoDB's messages, Integer or Long, members
 * passed through as they came).
 *
 * GENERATED by scripts/generate-endpoint-shapes.ts from the schemas of
 * ${from}.
 * Do not edit by hand: run \`${GENERATE_ENDPOINT_SHAPES_COMMAND}\`.
 */
import type { SchemaShape } from './sdkSchema.types';

/** Every named shape reachable from the inputs below, by its model name. */
export const SDK_SHAPES: Readonly<Record<string, SchemaShape>> = {
${names.map((name) => `  ${name}: ${JSON.stringify(shapes[name])},`).join('\n')}
};

/** Each operation's input shape, by name. */
export const SDK_OPERATION_INPUTS: Readonly<Record<string, string>> = {
${operations.map((operation) => `  ${operation}: ${JSON.stringify(inputs[operation])},`).join('\n')}
};

/** Where the shapes come from. */
export const SDK_SCHEMA_SOURCES = ${JSON.stringify(services.map((service) => `${service.packageName}@${service.version}`))} as const;
`;
}

const require = createRequire(import.meta.url);

function installedVersion(packageName: string): string {
  const manifest = path.join(path.dirname(require.resolve(`${packageName}/package.json`)), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The services as installed in node_modules, with the operations wireFormat.ts serves. */
export function installedServices(): ServiceSchemas[] {
  return [
    { packageName: '@aws-sdk/client-dynamodb', version: installedVersion('@aws-sdk/client-dynamodb'), exports: dynamodb, operations: Object.keys(OPERATIONS) },
    {
      packageName: '@aws-sdk/client-dynamodb-streams',
      version: installedVersion('@aws-sdk/client-dynamodb-streams'),
      exports: streams,
      operations: Object.keys(STREAM_OPERATIONS),
    },
  ];
}

/** The module as the generator writes it from the installed SDK. */
export function generateEndpointShapesModule(): string {
  return buildEndpointShapesModule(installedServices());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(path.join(REPO_ROOT, ENDPOINT_SHAPES_OUTPUT), generateEndpointShapesModule());
  console.log(`wrote ${ENDPOINT_SHAPES_OUTPUT}`);
}
