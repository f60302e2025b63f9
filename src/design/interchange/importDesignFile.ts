import { decodeDesignText, parseDesignDocument, withJsonPositions } from '../format';
import type { DesignFileFormat, ImportResult } from './importResult';
import { importElectroDbEntities } from './importElectroDbEntities';
import { importOneTableValue } from './importOneTableSchema';
import { importWorkbenchValue } from './importWorkbenchModel';
import { parseJsonText } from './jsonText';
import { importCloudFormationValue, isCloudFormationTemplate } from './cloudFormation/importCloudFormation';
import { parseYamlText } from './cloudFormation/yamlText';

/** The formats Import design… reads, for the message when a file is none of them. */
export const IMPORT_FORMATS = [
  'Keylab design JSON ("format": "keylab.design/1")',
  'NoSQL Workbench model JSON (ModelName, DataModel)',
  'OneTable schema JSON ("format": "onetable:1.1.0")',
  'CloudFormation template, YAML or JSON (AWS::DynamoDB::Table, AWS::DynamoDB::GlobalTable)',
  'ElectroDB entities in a JavaScript or TypeScript module (new Entity({ model, attributes, indexes }), read without running it)',
] as const;

/** A JavaScript or TypeScript module: ElectroDB entity definitions, read without running them. */
const MODULE_NAME = /\.(?:[cm]?[jt]s|[jt]sx)$/i;
/** A module by its content, whatever its name. */
const MODULE_START = /\bfrom\s*['"]electrodb['"]|require\(\s*['"]electrodb['"]\s*\)|\bnew\s+(?:\w+\.)?Entity\s*\(/;

/** A YAML file by its name (a .template may be either: its first character decides). */
const YAML_NAME = /\.ya?ml$/i;
const TEMPLATE_NAME = /\.template$/i;
/** A template's first keys, for a YAML template whatever its file name. */
const TEMPLATE_START = /^(?:AWSTemplateFormatVersion|Resources|Description|Transform)\s*:/m;

/**
 * Imports a design file of any format Keylab reads, recognised by its
 * content: a Keylab design, a NoSQL Workbench model, a OneTable schema, a
 * CloudFormation template or ElectroDB entities. The name only decides how
 * the text is read: .yaml/.yml (and a .template or a nameless template not
 * starting with "{") as YAML, a .js/.ts module (or text importing electrodb)
 * as a module whose object literals are read, never run, anything else as JSON.
 *
 * @example
 * importDesignFile(text, "shop-model.json") // { ok: true, design, report, warnings } or { ok: false, errors }
 */
export function importDesignFile(text: string, fileName: string): ImportResult {
  const startsLikeJson = /^\s*[{[]/.test(text);
  if (MODULE_NAME.test(fileName) || (!startsLikeJson && MODULE_START.test(text))) return withFormat('electrodb', importElectroDbEntities(text, { fileName }));
  if (YAML_NAME.test(fileName) || (!startsLikeJson && (TEMPLATE_NAME.test(fileName) || TEMPLATE_START.test(text)))) return importYamlFile(text, fileName);
  const parsed = parseJsonText(text, fileName);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  const root = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const format = typeof root?.format === 'string' ? root.format : undefined;
  if (format?.startsWith('keylab.design/')) return withFormat('keylab', importKeylabDesign(text, fileName));
  if (root && (Array.isArray(root.DataModel) || 'ModelName' in root))
    return withFormat('workbench', withPositions(text, importWorkbenchValue(value, { fileName })));
  if (format?.startsWith('onetable:') || (root && 'models' in root && 'indexes' in root))
    return withFormat('onetable', withPositions(text, importOneTableValue(value, { fileName })));
  if (root && isCloudFormationTemplate(root)) return withFormat('cloudformation', withPositions(text, importCloudFormationValue(value, { fileName })));
  return {
    ok: false,
    notADesignFile: true,
    errors: [
      {
        path: '',
        severity: 'error',
        message: `${fileName} is JSON, but not a design file Keylab reads. Accepted: ${IMPORT_FORMATS.join('; ')}.`,
      },
    ],
  };
}

/** A YAML file: a CloudFormation template, or a clear refusal naming what Keylab reads. */
function importYamlFile(text: string, fileName: string): ImportResult {
  const parsed = parseYamlText(text, fileName);
  if (!parsed.ok) return parsed;
  if (isCloudFormationTemplate(parsed.value)) {
    // Each problem with its line and column in the YAML text, as JSON files get them.
    const result = importCloudFormationValue(parsed.value, { fileName });
    return withFormat(
      'cloudformation',
      result.ok ? { ...result, warnings: parsed.withPositions(result.warnings) } : { ok: false, errors: parsed.withPositions(result.errors) },
    );
  }
  return {
    ok: false,
    notADesignFile: true,
    errors: [
      {
        path: '',
        severity: 'error',
        message: `${fileName} is YAML, but not a CloudFormation template with DynamoDB tables (no AWSTemplateFormatVersion, no Resources of type AWS::DynamoDB::Table or AWS::DynamoDB::GlobalTable). Accepted: ${IMPORT_FORMATS.join('; ')}.`,
      },
    ],
  };
}

/** The result marked with the reader that took the file. */
function withFormat(format: DesignFileFormat, result: ImportResult): ImportResult {
  return { ...result, format };
}

/** Each problem of an import from `text` with its line and column in the file (see withJsonPositions). */
function withPositions(text: string, result: ImportResult): ImportResult {
  return result.ok ? { ...result, warnings: withJsonPositions(text, result.warnings) } : { ok: false, errors: withJsonPositions(text, result.errors) };
}

/**
 * Imports a design file from its bytes, as read from disk: bytes that are
 * not UTF-8 are refused with their offset (never replaced by U+FFFD), then
 * the text is read by {@link importDesignFile}.
 *
 * @example
 * importDesignBytes(new Uint8Array(await file.arrayBuffer()), file.name)
 */
export function importDesignBytes(bytes: Uint8Array, fileName: string): ImportResult {
  const decoded = decodeDesignText(bytes, fileName);
  return decoded.ok ? importDesignFile(decoded.text, fileName) : decoded;
}

/** A Keylab design file: read by the design format itself (strict, nothing half-read). */
function importKeylabDesign(text: string, fileName: string): ImportResult {
  const read = parseDesignDocument(text, { fileName });
  if (!read.ok) return { ok: false, errors: read.errors };
  const tables = read.design.tables;
  const summary = `Keylab design "${read.design.name}": ${tables.length} table${tables.length === 1 ? '' : 's'}, ${tables.reduce((sum, table) => sum + table.entities.length, 0)} entities, read as saved (nothing inferred).`;
  return { ok: true, design: read.design, report: [{ scope: 'model', summary, notes: [] }], warnings: read.warnings };
}
