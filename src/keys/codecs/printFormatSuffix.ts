import type { FieldFormat } from './keyTemplate.types';

/**
 * The `:type(args)` part of a placeholder; empty for a string field.
 *
 * @example
 * printFormatSuffix({ kind: "epoch", unit: "ms", width: 13 }) // ":epochms(13)"
 */
export function printFormatSuffix(format: FieldFormat): string {
  switch (format.kind) {
    case 'string':
      return '';
    case 'int':
      return `:int(${format.width}${format.descending ? ',desc' : ''})`;
    case 'sint':
      return `:sint(${format.width})`;
    case 'dec':
      return `:dec(${format.integerDigits},${format.fractionDigits})`;
    case 'iso':
      return format.precision === 'ms' ? ':iso(ms)' : ':iso';
    case 'epoch':
      return `:${format.unit === 's' ? 'epoch' : 'epochms'}(${format.width})`;
  }
}
