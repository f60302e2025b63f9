/**
 * Exchange formats around the design: NoSQL Workbench models (import and
 * export), OneTable schemas (import), format detection for Import design…,
 * and the export-format registry behind the Export format select.
 */
export { importWorkbenchModel } from './importWorkbenchModel';
export { exportWorkbenchModel, type WorkbenchExportOptions } from './exportWorkbenchModel';
export { importOneTableSchema } from './importOneTableSchema';
export { importCloudFormationValue, isCloudFormationTemplate } from './cloudFormation/importCloudFormation';
export { parseYamlText } from './cloudFormation/yamlText';
export { importDesignBytes, importDesignFile, IMPORT_FORMATS } from './importDesignFile';
export { MAX_IMPORTED_SAMPLES } from './importLimits';
export { EXPORT_FORMATS, type DownloadFile, type ExportFormat } from './exportFormats';
export { tableItems, type BuiltTableItem } from './tableItems';
export type { DesignFileFormat, ImportReportEntry, ImportResult } from './importResult';
export { KEYLAB_EXTENSION_FIELD, WORKBENCH_VERSIONS } from './workbenchModel.types';
