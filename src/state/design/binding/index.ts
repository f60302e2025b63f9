export * from './designBinding';
export * from './designBindingStore';
export * from './entityKeyTemplates';
