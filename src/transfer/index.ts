/**
 * Import, export and bulk delete, pure: streamed readers (DynamoDB JSON lines
 * and S3 export lines, JSON arrays, CSV), streamed export writers, and the
 * batch writer (BatchWriteItem in 25s, retries under backoff, a report of
 * every line, a checkpoint to resume). The data source is passed in: the
 * explorer's, or an SDK client in scripts/import.ts and scripts/export.ts.
 */
export {
  BATCH_SIZE,
  writeBatches,
  type BatchWriteTarget,
  type BatchWriterOptions,
  type RejectedEntry,
  type TransferFailure,
  type TransferProgress,
  type TransferReport,
  type WriteEntry,
} from './batchWriter';
export { emptyCheckpoint, isSettled, parseCheckpoint, type TransferCheckpoint } from './checkpoint';
export { csvHeaderOf, parseCsvHeader, readCsvRecords, type CsvColumn, type CsvColumnType } from './csvReader';
export {
  csvCell,
  EXPORT_FORMATS,
  exportFileName,
  readExportPages,
  readPages,
  writeExport,
  type ExportFormat,
  type ExportPage,
  type ExportRequest,
  type ExportSource,
  type ExportSummary,
} from './exportWriters';
export { fetchWirePage, splitWireItems, type WireLinesPage, type WireSource } from './wirePages';
export { wireBatchWriteTarget, type WireBatchSource } from './wireBatches';
export {
  checkItemKeys,
  keyProblemOf,
  type ItemKeyProblem,
  formatOfFileName,
  IMPORT_FORMATS,
  readImportFile,
  readItemEntry,
  readJsonArray,
  readJsonLines,
  type ImportFormat,
  type ReadEntry,
} from './importReaders';
export { checkKeySchemaFit, KEY_CHECK_ITEMS, type KeySchemaMismatch } from './keySchemaFit';
export { readJsonArrayElements } from './jsonArrayReader';
export { decodeChunks, readLines, type ByteChunks, type ReadCounter } from './textChunks';
export { deleteItems, importFile, itemsOfPages, keyOfItem, type JobOptions } from './transferJobs';
export { keyText, toWireJson } from './wireJson';
export { GzipError, isGzip, openImportChunks } from './gzipChunks';
