/** One thing wrong with an item being edited: what, where (an attribute path, and for text a line and column), and the fix. */
export interface ItemProblem {
  /** The attribute path (`tags`, `address.city`, `scores[2]`), or empty for the item as a whole. */
  readonly path: string;
  readonly message: string;
  /** 1-based, for problems in the DynamoDB JSON text. */
  readonly line?: number;
  readonly column?: number;
}

/** A number the editor will save in DynamoDB's spelling, shown before saving (`001.50` is stored as `1.5`). */
export interface NumberRespelling {
  readonly path: string;
  readonly typed: string;
  readonly stored: string;
}

/** An item read from the editor: the item to save, or why it can't be. */
export type ItemReadResult =
  | {
      readonly ok: true;
      readonly item: import('../expressions').Item;
      readonly respelled: readonly NumberRespelling[];
      /** 'document': the text was plain JSON (`{"score": 10}`), typed as `marshall` types it (see documentJson.ts). */
      readonly format?: 'document';
    }
  | { readonly ok: false; readonly problems: readonly ItemProblem[] };

/** `a.b`, `a[2]`, or a name in quotes when it isn't a plain identifier. */
export function childPath(parent: string, child: string | number): string {
  if (typeof child === 'number') return `${parent}[${child}]`;
  const name = /^[A-Za-z_][A-Za-z0-9_-]*$/.test(child) ? child : JSON.stringify(child);
  return parent === '' ? name : `${parent}.${name}`;
}
