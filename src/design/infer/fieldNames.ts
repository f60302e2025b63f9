import { isIdLikeName, type FieldFormat } from '../../keys';
import type { PartClassification, PartContext } from './classifyPart';

/**
 * Names for inferred fields: from the literal before them (`ORDER#…` →
 * `orderId`), by what they hold (`at` for an instant, `date` for a date,
 * `ts` for epoch numbers), unique within a template.
 */
export class FieldNamer {
  private readonly taken = new Set<string>();
  /** The last word of a literal not yet given to a field. */
  private pendingWord: string | undefined;
  private fieldCount = 0;

  /**
   * @param attributeName the key attribute: names a field no literal names
   * @param prefixWords what one-letter prefixes stand for in the table (`c` → `customer`: `c#…` → `customerId`)
   */
  constructor(
    private readonly attributeName: string,
    private readonly prefixWords: ReadonlyMap<string, string> = new Map(),
  ) {}

  /** Remembers the literal text before the next field. */
  literal(text: string): void {
    const words = text.match(/[A-Za-z][A-Za-z0-9]*/g);
    if (words && words.length > 0) this.pendingWord = words[words.length - 1];
  }

  /**
   * What says what the next field is: the literal's word before it, else
   * (for the first or only field) the attribute's name; and whether that
   * word is a one-letter prefix the table's own entity keys use (`w#` of a
   * warehouse), which makes the value that entity's id.
   */
  context(onlyField: boolean): PartContext {
    if (this.pendingWord !== undefined)
      return { word: this.pendingWord, entityPrefix: this.pendingWord.length === 1 && this.prefixWords.has(this.pendingWord.toLowerCase()) };
    return { word: onlyField || this.fieldCount === 0 ? this.attributeName : undefined };
  }

  /**
   * A name for the next field, given what it holds. Ids end in `Id`; a
   * quantity is named by its word (`score`); another number is a `…Number`
   * when padded (`orderNumber:int(5)`), a `…Seq` when its digits are text
   * (`evtSeq`), a `…Value` when signed or decimal text: the
   * intended-order judge reads `…Number` as an id, and digits
   * stored as text under an id's name would never be reported as sorting as text.
   */
  field(role: PartClassification['role'], onlyField: boolean, format?: FieldFormat): string {
    this.fieldCount++;
    let base: string;
    if (role === 'instant') base = 'at';
    else if (role === 'date' || role === 'hour' || role === 'month') base = role;
    else if (role === 'epoch') base = 'ts';
    else if (this.pendingWord !== undefined) {
      const word = this.spelledOut(this.pendingWord);
      if (role === 'id') base = `${word}Id`;
      else if (nameKind(this.pendingWord) === 'quantity' && word.length > 1) base = word;
      else base = `${word}${format?.kind === 'int' ? 'Number' : role === 'amount' ? 'Value' : 'Seq'}`;
      this.pendingWord = undefined;
    } else if (onlyField || this.fieldCount === 1) base = identifierOf(this.attributeName);
    else base = `${identifierOf(this.attributeName)}Part${this.fieldCount}`;
    return this.unique(base);
  }

  /** `c` → `customer` when the table says so; any other word in camel case. */
  private spelledOut(word: string): string {
    const spelled = word.length === 1 ? this.prefixWords.get(word.toLowerCase()) : undefined;
    return spelled === undefined ? camelWord(word) : identifierOf(spelled);
  }

  private unique(base: string): string {
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    return name;
  }
}

/** What a name says a value is: an id (compared, never counted), a quantity (counted), or neither. */
export type NameKind = 'id' | 'quantity' | 'neutral';

/** Words of quantities and counters (`SCORE#`, `V#`, `seq`): their digits are counted. */
const QUANTITY_WORDS = new Set(
  'score points amount amt price cost total sum count qty quantity balance bal rank ranking level rating stars votes likes views size weight height age distance duration revenue sales stock priority seq sequence version ver v n index idx position pos line page step round attempt'.split(
    ' ',
  ),
);
/** Key words of things that have ids: the digits after them name one thing (`CUSTOMER#12345`, `USER#…`). */
const ID_WORDS = new Set(
  'cuid nanoid customer cust user usr account acct member player tenant org organization organisation team product session device owner author actor employee emp person client vendor supplier merchant seller buyer store shop warehouse patient doctor student teacher driver contact company subscriber asset listing vehicle guest host agent'.split(
    ' ',
  ),
);
/** English words that end in "id" and are not ids. */
const NOT_ID = new Set([
  'paid',
  'valid',
  'invalid',
  'rapid',
  'liquid',
  'grid',
  'android',
  'hybrid',
  'squid',
  'void',
  'said',
  'raid',
  'maid',
  'aid',
  'avoid',
  'fluid',
  'solid',
  'acid',
  'vivid',
  'humid',
  'pyramid',
  'lipid',
]);

/**
 * Whether a key word or attribute name says its value is an id or a
 * quantity. Ids: the intended-order judge's test of a field name
 * (isIdLikeName: `userId`, `order_uuid`, `invoiceNumber`, `sku`), plus the
 * upper-case words keys put before an id (`CUSTOMER`, `USER`, `USERID`).
 * Quantities: `SCORE`, `seq`, `V`. A one-letter word says nothing either way
 * (`c#`, `T#`): the values decide.
 *
 * @example
 * nameKind("CUSTOMER") // "id"
 * nameKind("SCORE")    // "quantity"
 * nameKind("ORDER")    // "neutral"
 */
export function nameKind(name: string | undefined): NameKind {
  if (name === undefined) return 'neutral';
  if (isIdLikeName(name)) return 'id';
  const words = splitWords(name);
  const last = words[words.length - 1];
  if (last === undefined) return 'neutral';
  if (QUANTITY_WORDS.has(last)) return 'quantity';
  if (ID_WORDS.has(last) || isIdLikeName(last)) return 'id';
  // USERID, CUSTOMERID: one upper-case word that ends in "id" after a consonant.
  if (words.length === 1 && last.length >= 4 && /[^aeiou]id$/.test(last) && !NOT_ID.has(last)) return 'id';
  return 'neutral';
}

/** `customerId` → [customer, id]; `ORDER_ITEM` → [order, item]; `GSI1PK` → [gsi1pk]. */
function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
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
