import type { Design } from '../design.types';
import { DocumentReader } from './documentReader';
import { readDesignWith, type DesignReadResult } from './parseDesignDocument';

/**
 * A design as the stores keep it (the Designs list, a saved version), read
 * once: the reader's verdict, and whether the value has every part the
 * screens walk (lists where lists are, names where names are, every field a
 * `Design` has), so it can be shown even when its contents don't pass the
 * document rules. Not a second check: `shaped` is the reader finding no
 * shape error — it tells a shape error (wrong JSON type, a missing field, a
 * name that is no choice) from a broken rule (an empty name, a duplicate, a
 * template that doesn't parse), and reads under a part that broke a rule for
 * its shape only.
 *
 * @example
 * const { read, shaped } = readStoredDesign(stored)
 * read.ok ? read.design : shaped ? stored : undefined // a design saved mid-edit stays, its problems said
 */
export function readStoredDesign(value: unknown): { readonly read: DesignReadResult; readonly shaped: boolean } {
  const reader = new DocumentReader(true);
  const read = readDesignWith(reader, value);
  return { read, shaped: reader.shapeErrorCount === 0 && reader.missingFieldCount === 0 };
}

/**
 * Whether a saved value has the shape of a `Design` as it is (see {@link readStoredDesign}).
 *
 * @example
 * hasDesignShape({ name: "Shop", description: "", tables: [] }) // true
 * hasDesignShape({ name: "", description: "", tables: [] })     // true (an empty name breaks a rule, not the shape)
 * hasDesignShape({ name: "Shop", tables: [] })                  // false (no description)
 * hasDesignShape({ name: "Shop", description: "", tables: {} }) // false
 */
export function hasDesignShape(value: unknown): value is Design {
  return readStoredDesign(value).shaped;
}
