export * from './designBinding';
export * from './designBindingStore';
export * from './entityKeyTemplates';
export * from './compareEntityOrders';
