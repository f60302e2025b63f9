import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { Design } from '../design.types';
import { toCreateTableInput } from '../createTableInput';
import type { ExportedFile } from './createTableExport';
import { safeFileName } from './exportFileName';
import { toYaml } from './yaml';

/**
 * A CloudFormation template with one `AWS::DynamoDB::Table` per table of the
 * design. Its Properties are the table's CreateTable input (the resource
 * takes the API's member names), so the three exports can't drift apart.
 */

/** The CreateTable members an `AWS::DynamoDB::Table` resource takes, in the order written. */
const TABLE_PROPERTIES = [
  'TableName',
  'BillingMode',
  'KeySchema',
  'AttributeDefinitions',
  'GlobalSecondaryIndexes',
  'LocalSecondaryIndexes',
  'ProvisionedThroughput',
] as const;
/** CloudFormation's limit on a template's Description. */
const MAX_DESCRIPTION = 1024;

export interface CloudFormationTemplate {
  readonly AWSTemplateFormatVersion: '2010-09-09';
  readonly Description: string;
  readonly Resources: Readonly<Record<string, { readonly Type: 'AWS::DynamoDB::Table'; readonly Properties: Partial<CreateTableCommandInput> }>>;
}

/**
 * The template as data (tests read it back; the export writes it as YAML or JSON).
 *
 * @example
 * cloudFormationTemplate(SHOP_DESIGN).Resources.ShopTable.Properties.TableName // "Shop"
 */
export function cloudFormationTemplate(design: Design): CloudFormationTemplate {
  const used = new Set<string>();
  const resources: Record<string, CloudFormationTemplate['Resources'][string]> = {};
  for (const table of design.tables) {
    const input = toCreateTableInput(table);
    const properties = Object.fromEntries(TABLE_PROPERTIES.filter((name) => input[name] !== undefined).map((name) => [name, input[name]]));
    resources[logicalId(table.name, used)] = { Type: 'AWS::DynamoDB::Table', Properties: properties };
  }
  const description = `DynamoDB tables of the Keylab design "${design.name}".`;
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Description: description.length > MAX_DESCRIPTION ? description.slice(0, MAX_DESCRIPTION - 1) + '…' : description,
    Resources: resources,
  };
}

/**
 * The template as a file, YAML or JSON.
 *
 * @example
 * exportCloudFormation(SHOP_DESIGN, "yaml").fileName // "Shop-single-table.cloudformation.yaml"
 */
export function exportCloudFormation(design: Design, format: 'yaml' | 'json'): ExportedFile {
  const template = cloudFormationTemplate(design);
  const fileName = `${safeFileName(design.name)}.cloudformation.${format}`;
  // The template is plain JSON data (the SDK input types are wider than what they hold).
  const data = JSON.parse(JSON.stringify(template)) as Parameters<typeof toYaml>[0];
  return { fileName, text: format === 'yaml' ? toYaml(data) : JSON.stringify(template, null, 2) + '\n' };
}

/**
 * A logical id for a table: CloudFormation allows only A–Z a–z 0–9, so the
 * name's words are joined in PascalCase with "Table" after them, made unique
 * with a number.
 *
 * @example
 * logicalId("audit-log.v2", new Set()) // "AuditLogV2Table"
 */
export function logicalId(tableName: string, used: Set<string>): string {
  const words = tableName.split(/[^A-Za-z0-9]+/).filter(Boolean);
  let base = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('') || 'Design';
  if (/^[0-9]/.test(base)) base = 'T' + base;
  base = base.slice(0, 200) + 'Table';
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}${n}`;
  used.add(id);
  return id;
}
