/**
 * Keylab's design layer: the key design as a document (tables, entities,
 * key templates, samples, access patterns), its versioned JSON and the
 * exchange formats around it. Pure TypeScript: no React, DOM, SDK runtime or
 * Node API, so the UI, the stores, scripts and tests share it.
 */
export * from './design.types';
export * from './designKeys';
export * from './examples';
export * from './createTableInput';
export * from './format';
export * from './export';
export * from './accessPatterns';
export * from './compare';
export * from './multiAttribute';
export * from './itemCollection';
export * from './intendedPlaces';
export * from './edit';
export * from './infer';
export * from './interchange';
export * from './recognize';
export * from './emptyDesign';
export * from './messageText';
export * from './decisions';
// Type-only here: the review, the review document and the slides load with the regions that use them (enter them directly).
export type * from './review';
export * from './share/shareLinkFormat';
export type * from './reviewDocument';
export type * from './present';
// The structural diff runs the review too: enter it directly (src/design/diff) for diffDesigns.
export type * from './diff';
