import type { JsonAttributeValue } from '../design.types';

/** A value as people read it in a message or a list: S and N as their text, B as its base64, anything else as DynamoDB JSON. */
export function jsonValueText(value: JsonAttributeValue): string {
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  if ('B' in value) return value.B;
  return JSON.stringify(value);
}
