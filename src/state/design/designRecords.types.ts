/**
 * Where the Designs list lives in the browser: IndexedDB, one record per
 * design, each written in its own transaction. A design's size can never cost
 * another design's edits: a 10 MB design that the browser refuses to store
 * fails alone and is named, while every other design's writes go on.
 *
 * Records are untrusted when read back (older versions, another tab, hand
 * edits): `load` returns them as found and the designs store validates them.
 */
export interface StoredDesigns {
  /** The saved entries (`{ id, design, updatedAt }` when all is well), in the list's order. */
  readonly entries: readonly unknown[];
  readonly openDesignId: unknown;
}

/** The list's order and the open design: one small record beside the designs. */
export interface DesignListRecord {
  readonly order: readonly string[];
  readonly openDesignId: string | undefined;
}

export interface DesignRecords {
  /** Every saved design (migrating the old localStorage value first); undefined when nothing was ever saved. */
  load(): Promise<StoredDesigns | undefined>;
  /** Writes one design; resolves once its transaction has committed (durable). */
  put(saved: { readonly id: string }): Promise<void>;
  remove(id: string): Promise<void>;
  putList(list: DesignListRecord): Promise<void>;
  /** Moves entries that do not read as designs out of the list (kept, never dropped): by id from the designs, and the given values. */
  setAside(entries: readonly { readonly id?: string; readonly entry: unknown; readonly problem: string }[]): Promise<void>;
}
