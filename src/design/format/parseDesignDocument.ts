import { DESIGN_FORMAT, type AccessPatternDesign, type Design, type DesignProblem, type TableDesign } from '../design.types';
import { DocumentReader, MAX_REPORTED_PROBLEMS } from './documentReader';
import { readEntity, type ReadEntity } from './entityReader';
import { locateJsonError } from '../../errors';
import { withJsonPositions } from './locateJsonPaths';
import { readAccessPattern } from './patternReader';
import { describeJsonType, elementPath, errorAt, isPlainObject, memberPath } from './problemPath';
import { readDecisions, readRevision, readSignOffs } from './reviewRecordReader';
import { readTableShape, type TableShape } from './tableReader';
import { readWorkbenchSource, WORKBENCH_SOURCE_KEY } from './workbenchSourceReader';
import { formatBytes } from '../../dynamo';

/**
 * Reads a Keylab design document (`"format": "keylab.design/1"`): every field
 * checked, each problem naming its path, what is wrong and how to fix it.
 * Nothing is half-read: any error and the result is `ok: false`. Keys the
 * format doesn't know are dropped with a warning (credentials and connection
 * settings with a warning of their own).
 */

export type DesignReadResult =
  | { readonly ok: true; readonly design: Design; readonly warnings: readonly DesignProblem[] }
  | { readonly ok: false; readonly errors: readonly DesignProblem[] };

export interface ParseDesignOptions {
  /** The file the text came from, for messages ("orders.keylab.json is not JSON …"). */
  readonly fileName?: string;
}

/** Limits that keep a load (in a browser tab) fast; a bigger document is refused before it is read. */
export const MAX_DESIGN_BYTES = 20 * 1024 * 1024;
export const MAX_DESIGN_ENTITIES = 1000;
export const MAX_DESIGN_SAMPLES = 100_000;

const FORMAT_PATTERN = /^keylab\.design\/(\d+)$/;
const CURRENT_VERSION = Number(FORMAT_PATTERN.exec(DESIGN_FORMAT)?.[1]);
// acceptedFindings: an older file's decisions (read as kind "accepted"; never written).
const DESIGN_KEYS = ['format', 'name', 'description', 'revision', 'tables', 'decisions', 'signOffs', 'acceptedFindings'];
const TABLE_KEYS = ['name', 'description', 'partitionKey', 'sortKey', 'indexes', 'billingMode', 'provisioned', 'entities', 'accessPatterns'];

/**
 * Reads a design document from its JSON text or from parsed JSON.
 *
 * @example
 * parseDesignDocument('{"format": "keylab.design/1", "name": "Shop", "tables": []}')
 * // { ok: true, design: { name: "Shop", description: "", tables: [] }, warnings: [] }
 * parseDesignDocument('{"format": "keylab.design/9"}').errors[0].message
 * // "this design was saved by a newer Keylab (keylab.design/9) …: update Keylab to open it."
 */
export function parseDesignDocument(input: string | unknown, options: ParseDesignOptions = {}): DesignReadResult {
  const file = options.fileName ? `${options.fileName}: ` : '';
  let value: unknown = input;
  if (typeof input === 'string') {
    // Characters ≤ bytes ≤ 3 × characters: only a long text needs encoding (natively: this is the hot path of a big file).
    const bytes = input.length > MAX_DESIGN_BYTES ? input.length : input.length > MAX_DESIGN_BYTES / 3 ? new TextEncoder().encode(input).length : input.length;
    if (bytes > MAX_DESIGN_BYTES)
      return refuse('', `${file}the document is ${formatBytes(bytes)}; a design file is at most 20 MB: split it, or keep fewer sample rows.`);
    try {
      value = JSON.parse(input);
    } catch (error) {
      const { where, reason } = locateJsonError(input, error);
      const at = where ? ` at line ${where.line}, column ${where.column}${where.endsEarly ? ' (the text ends too early)' : ''}` : '';
      return {
        ok: false,
        errors: [
          {
            path: '',
            severity: 'error',
            message: `${file}this is not valid JSON${at}: ${reason}.`,
            ...(where ? { line: where.line, column: where.column } : {}),
          },
        ],
      };
    }
  }
  if (!isPlainObject(value))
    return refuse('', `${file}a design document is a JSON object {"format": "${DESIGN_FORMAT}", "name": …, "tables": […]}, not ${describeJsonType(value)}.`);
  const format = value.format;
  if (format === undefined) {
    const looksLikeWorkbench = 'DataModel' in value || 'ModelName' in value;
    return refuse(
      'format',
      `${file}is missing: this is not a Keylab design${looksLikeWorkbench ? ' (it looks like a NoSQL Workbench model: import it as one)' : ''}. A design starts with "format": "${DESIGN_FORMAT}".`,
    );
  }
  const version = typeof format === 'string' ? FORMAT_PATTERN.exec(format) : null;
  if (!version) return refuse('format', `${file}${describeJsonType(format)} is not a Keylab design format: this Keylab reads "${DESIGN_FORMAT}".`);
  if (Number(version[1]) > CURRENT_VERSION) {
    return refuse(
      'format',
      `${file}this design was saved by a newer Keylab (${format}); this one reads ${DESIGN_FORMAT} and won't half-read it: update Keylab to open it.`,
    );
  }
  if (Number(version[1]) < CURRENT_VERSION) return refuse('format', `${file}${format} is not a version this Keylab reads: it reads ${DESIGN_FORMAT}.`);
  const read = readDesign(value, options);
  // From text, each problem also says where it is in the file (line and column of its path).
  if (typeof input !== 'string') return read;
  return read.ok ? { ...read, warnings: withJsonPositions(input, read.warnings) } : { ok: false, errors: withJsonPositions(input, read.errors) };
}

/**
 * Reads a design without its format tag (what the Designs list keeps in the
 * browser), by the same rules as a document.
 */
export function readDesign(value: unknown, options: ParseDesignOptions = {}): DesignReadResult {
  return readDesignWith(new DocumentReader(), value, options);
}

/**
 * Reads a design with `reader`, which keeps every problem and counts the shape errors
 * among them (hasDesignShape reads with a `complete` reader: an in-memory design).
 */
export function readDesignWith(reader: DocumentReader, value: unknown, options: ParseDesignOptions = {}): DesignReadResult {
  const file = options.fileName ? `${options.fileName}: ` : '';
  const raw = reader.object(value, '', [...DESIGN_KEYS, WORKBENCH_SOURCE_KEY], `{"format": "${DESIGN_FORMAT}", "name": "Shop", "tables": []}`);
  if (!raw) return finish(reader, undefined);
  // A file is refused before it is read; a design already in memory (complete) is read for its shape whatever its size, then refused.
  const tooBig = checkSize(raw);
  if (tooBig && !reader.complete) return refuse('', file + tooBig);
  const name = reader.string(raw, 'name', '', { nonEmpty: true });
  const description = reader.string(raw, 'description', '', { fallback: '' });
  const tableList = reader.array(raw, 'tables', '', '[{"name": "Shop", "partitionKey": {"name": "PK", "type": "S"}, …}]');
  const tables: TableDesign[] = [];
  tableList?.forEach((table, i) => {
    const read = readTable(reader, table, elementPath('tables', i));
    if (read) {
      const first = tables.findIndex((other) => other.name === read.name);
      if (first >= 0)
        reader.error(
          memberPath(elementPath('tables', i), 'name'),
          `"${read.name}" is already the name of tables[${first}]: table names are unique within a design.`,
        );
      tables.push(read);
    }
  });
  const revision = readRevision(reader, raw);
  const decisions = readDecisions(reader, raw);
  const signOffs = readSignOffs(reader, raw);
  const design =
    name !== undefined && description !== undefined && tableList
      ? {
          name,
          description,
          ...(revision !== undefined ? { revision } : {}),
          tables,
          ...(decisions.length > 0 ? { decisions } : {}),
          ...(signOffs.length > 0 ? { signOffs } : {}),
        }
      : undefined;
  const workbenchSource = readWorkbenchSource(reader, raw);
  if (tooBig) return refuse('', file + tooBig);
  return finish(reader, design && workbenchSource ? { ...design, workbenchSource } : design);
}

function readTable(reader: DocumentReader, value: unknown, path: string): TableDesign | undefined {
  const raw = reader.object(value, path, TABLE_KEYS, '{"name": "Shop", "partitionKey": {"name": "PK", "type": "S"}, "sortKey": {"name": "SK", "type": "S"}}');
  if (!raw) return undefined;
  const before = reader.errorCount;
  const shape = readTableShape(reader, raw, path);
  // Undefined only with a shape error; a shape that breaks a rule has its entities and patterns read for their shape only.
  if (!shape) return undefined;
  return reader.errorCount > before ? reader.shapeOnly(() => readTableContents(reader, raw, path, shape)) : readTableContents(reader, raw, path, shape);
}

function readTableContents(reader: DocumentReader, raw: Record<string, unknown>, path: string, shape: TableShape): TableDesign | undefined {
  const before = reader.errorCount;
  const entityList = reader.array(raw, 'entities', path, '[{"name": "Order", "keys": {…}}]', []) ?? [];
  const entities: ReadEntity[] = [];
  entityList.forEach((entity, i) => {
    const at = elementPath(memberPath(path, 'entities'), i);
    const read = readEntity(reader, entity, at, shape);
    if (!read) return;
    const first = entities.findIndex((other) => other.entity.name === read.entity.name);
    if (first >= 0)
      reader.error(memberPath(at, 'name'), `"${read.entity.name}" is already the name of entities[${first}]: entity names are unique within a table.`);
    entities.push(read);
  });
  const patternList = reader.array(raw, 'accessPatterns', path, '[{"id": "orders", "name": "…", "entities": ["Order"], "partitionValues": {…}}]', []) ?? [];
  const accessPatterns: AccessPatternDesign[] = [];
  // Patterns are checked against the entities that read; one broken entity is reported once, not again by every
  // pattern (the patterns are then read for their shape only).
  const readPatterns = () =>
    patternList.forEach((pattern, i) => {
      const at = elementPath(memberPath(path, 'accessPatterns'), i);
      const read = readAccessPattern(reader, pattern, at, shape, entities);
      if (!read) return;
      const first = accessPatterns.findIndex((other) => other.id === read.id);
      if (first >= 0) reader.error(memberPath(at, 'id'), `"${read.id}" is already the id of accessPatterns[${first}]: pattern ids are unique within a table.`);
      accessPatterns.push(read);
    });
  if (entities.length === entityList.length) readPatterns();
  else reader.shapeOnly(readPatterns);
  if (reader.errorCount > before) return undefined;
  return { ...shape, entities: entities.map((read) => read.entity), accessPatterns };
}

/** Counts entities and samples before reading them, so an oversized document is refused at once. */
function checkSize(raw: Record<string, unknown>): string | undefined {
  const tables = Array.isArray(raw.tables) ? raw.tables : [];
  let entities = 0;
  let samples = 0;
  for (const table of tables) {
    const list = isPlainObject(table) && Array.isArray(table.entities) ? table.entities : [];
    entities += list.length;
    for (const entity of list) if (isPlainObject(entity) && Array.isArray(entity.samples)) samples += entity.samples.length;
  }
  if (entities > MAX_DESIGN_ENTITIES)
    return `the design has ${entities.toLocaleString('en-US')} entities; a design holds at most ${MAX_DESIGN_ENTITIES.toLocaleString('en-US')}: split it into several designs.`;
  if (samples > MAX_DESIGN_SAMPLES)
    return `the design has ${samples.toLocaleString('en-US')} sample rows; a design holds at most ${MAX_DESIGN_SAMPLES.toLocaleString('en-US')}: keep fewer samples (they show the order, not the data).`;
  return undefined;
}

function finish(reader: DocumentReader, design: Design | undefined): DesignReadResult {
  const errors = reader.problems.filter((problem) => problem.severity === 'error');
  const warnings = reader.problems.filter((problem) => problem.severity === 'warning');
  if (errors.length > 0 || !design) {
    const shown = errors.slice(0, MAX_REPORTED_PROBLEMS);
    if (errors.length > shown.length) shown.push(errorAt('', `… and ${errors.length - shown.length} more problems (fix these first).`));
    return { ok: false, errors: shown };
  }
  return { ok: true, design, warnings };
}

function refuse(path: string, message: string): DesignReadResult {
  return { ok: false, errors: [errorAt(path, message)] };
}
