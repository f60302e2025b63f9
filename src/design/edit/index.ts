/** Edits of a design: pure `(design) => design` changes for `designStore.updateDesign`. */
export * from './tableEdits';
export * from './entityEdits';
export * from './sampleEdits';
export * from './indexEdits';
export * from './designNames';
