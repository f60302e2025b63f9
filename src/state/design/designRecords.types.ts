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
  /**
   * Keeps revisions of one design in its history (one transaction, after the
   * design's own write: a failure here never costs the design). A revision
   * already kept is left as it is (its name stays); beyond `bound` (a count,
   * and the sizes added up) the oldest are dropped, the newest always kept.
   */
  putRevisions(designId: string, revisions: readonly DesignRevisionRecord[], bound: RevisionBound): Promise<void>;
  /** The newest kept revision's number of each design with a history (numbers only: cheap at load). */
  latestRevisions(): Promise<ReadonlyMap<string, number>>;
  /** A design's kept revisions without their contents (for the Versions list), oldest first. */
  listRevisions(designId: string): Promise<readonly DesignRevisionInfo[]>;
  /** One kept revision's design as stored (untrusted), or undefined when it is not kept. */
  readRevision(designId: string, revision: number): Promise<unknown>;
  /** Names a kept revision ("" removes the name); false when it is not kept (dropped by the bound). */
  nameRevision(designId: string, revision: number, name: string): Promise<boolean>;
  /** Moves entries that do not read as designs out of the list (kept, never dropped): by id from the designs, and the given values. */
  setAside(entries: readonly { readonly id?: string; readonly entry: unknown; readonly problem: string }[]): Promise<void>;
}

/** What the Versions list shows of one kept revision. */
export interface DesignRevisionInfo {
  readonly designId: string;
  readonly revision: number;
  /** When it was saved (ISO-8601). */
  readonly savedAt: string;
  /** Its size as JSON (UTF-16 code units: an estimate of what it takes in storage). */
  readonly size: number;
  /** The user's name or note for it ("Name this version"), if any. */
  readonly name?: string;
}

/** How much of a design's history is kept. */
export interface RevisionBound {
  readonly count: number;
  /** The sizes of the kept revisions added up (see DesignRevisionInfo.size). */
  readonly size: number;
}

/** One revision to keep: its number, when, and the whole design as it was. */
export interface DesignRevisionRecord {
  readonly revision: number;
  readonly savedAt: string;
  readonly size: number;
  readonly design: unknown;
}
