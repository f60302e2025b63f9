export * from './entityCode.types';
export { generateEntityCode } from './generateEntityCode';
