/**
 * Create table and Delete table. Loaded with the explorer, not before the
 * first paint (see ENTRY_POINTS in eslint/layers.js).
 */
export * from './createTableForm';
export * from './tablesStore';
