/**
 * The app's state: vanilla zustand stores and the pure models behind them,
 * testable without React. This index is the layer's public surface: the UI
 * and the composition root import from here (eslint: keylab/layer-imports).
 */
export * from './builtInTableStore';
export * from './compareItemOrders';
export * from './connectionStore';
export * from './savedConnections';
export * from './design/designStore';
export * from './design/readOnlyDesignStore';
export {
  openDesignRecords,
  DESIGNS_STORAGE_KEY,
  DESIGNS_DATABASE_NAME,
  UNREADABLE_DESIGNS_STORE,
  type DesignRecords,
  type DesignRevisionInfo,
} from './design/designRecords';
export { KEPT_REVISIONS, revisionOf } from './design/designRevisions';
export type { RestoreOutcome } from './design/designVersions';
export { createUnloadJournal, UNSAVED_DESIGNS_KEY } from './design/unloadJournal';
export * from './explorerStore';
export * from './keyDesignStore';
export * from './messageParts';
export * from './noticeStore';
export * from './orderVerdicts';
export * from './fieldWidthAdvice';
export * from './parseCount';
export * from './rowSelectionStore';
export * from './sortItemsForView';
export * from './queryBuilder/binaryText';
export * from './queryBuilder/builderWarnings';
export * from './queryBuilder/connectQueryBuilder';
export * from './queryBuilder/filterModel';
export * from './queryBuilder/queryForm';
export * from './queryBuilder/selectors';
export * from './queryBuilder/typedValue';
export * from './design/runAccessPatterns';
export type * from './design/reviewPatternResults';
export * from './design/reviewExportStore';
export * from './design/templateAdapterStore';
export * from './design/binding';
export * from './design/loadDesign';
export * from './design/loadIntoTableStore';
export * from './design/multiAttributeConversionStore';
export * from './design/multiAttributeCarryOut';
export * from './deferredWrites';
export * from './writeAccess';
export type * from './design/review';
export type * from './explorer/partiql';
export type * from './explorer/tableDetails';
export type * from './explorer/itemEditor';
export type * from './explorer/tables';
export type * from './explorer/transfer';
