/**
 * The explorer's table details beyond DescribeTable (time to live, tags) and
 * Add index. Loaded with the explorer, not before the first paint (see
 * ENTRY_POINTS in eslint/layers.js); the UI imports its types through src/state.
 */
export * from './addIndexForm';
export * from './tableDetailsStore';
