/**
 * The explorer's PartiQL tab (ExecuteStatement): its store and the readers
 * behind it. Loaded with the tab, not before the first paint (see ENTRY_POINTS
 * in eslint/layers.js); the UI imports its types through src/state.
 */
export * from './partiqlStore';
export * from './statementParameters';
export * from './statementTarget';
