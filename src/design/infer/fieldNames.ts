import type { PartClassification } from './classifyPart';

/**
 * Names for inferred fields: from the literal before them (`ORDER#…` →
 * `orderId`), by what they hold (`at` for an instant, `ts` for epoch
 * numbers), unique within a template.
 */
export class FieldNamer {
  private readonly taken = new Set<string>();
  /** The last word of a literal not yet given to a field. */
  private pendingWord: string | undefined;
  private fieldCount = 0;

  constructor(private readonly attributeName: string) {}

  /** Remembers the literal text before the next field. */
  literal(text: string): void {
    const words = text.match(/[A-Za-z][A-Za-z0-9]*/g);
    if (words && words.length > 0) this.pendingWord = words[words.length - 1];
  }

  /** A name for the next field, given what it holds. */
  field(role: PartClassification['role'], onlyField: boolean): string {
    this.fieldCount++;
    let base: string;
    if (role === 'instant') base = 'at';
    else if (role === 'epoch') base = 'ts';
    else if (this.pendingWord !== undefined) {
      base = camelWord(this.pendingWord) + (role === 'number' ? 'Number' : 'Id');
      this.pendingWord = undefined;
    } else if (onlyField || this.fieldCount === 1) base = identifierOf(this.attributeName);
    else base = `${identifierOf(this.attributeName)}Part${this.fieldCount}`;
    return this.unique(base);
  }

  private unique(base: string): string {
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    return name;
  }
}

/** `ORDER` → `order`, `ORDER_ITEM` → `orderItem`, `GSI1PK` → `gsi1pk`. */
function camelWord(word: string): string {
  const parts = word.split(/[_-]+/).filter(Boolean);
  return parts
    .map((part, index) => {
      const lower = part === part.toUpperCase() ? part.toLowerCase() : part[0]!.toLowerCase() + part.slice(1);
      return index === 0 ? lower : lower[0]!.toUpperCase() + lower.slice(1);
    })
    .join('');
}

/** A template field name made from an attribute name (letters, digits, _; never starting with a digit). */
export function identifierOf(attributeName: string): string {
  const words = attributeName.match(/[A-Za-z0-9]+/g) ?? [];
  const name = camelWord(words.join('_'));
  if (name === '') return 'value';
  return /^[0-9]/.test(name) ? `_${name}` : name;
}
