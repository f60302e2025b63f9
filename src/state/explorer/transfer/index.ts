/**
 * Import…, Export… and bulk delete for the explorer: built on first use by
 * the composition root (see ENTRY_POINTS in eslint/layers.js).
 */
export * from './transferStore';
