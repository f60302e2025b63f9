/** Exports of a design's tables: CreateTable input JSON and CloudFormation (YAML, JSON). */
export { exportCreateTableInputs, type ExportedFile } from './createTableExport';
export { cloudFormationTemplate, exportCloudFormation, logicalId, type CloudFormationTemplate } from './cloudFormation';
export { toYaml } from './yaml';
export { safeFileName } from './exportFileName';
