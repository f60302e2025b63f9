import type { Design } from '../design.types';
import { DocumentReader } from './documentReader';
import { readDesignWith } from './parseDesignDocument';

/**
 * Whether a saved value has every part the screens walk (lists where lists
 * are, names where names are, every field a `Design` has), so it can be shown
 * even when its contents don't pass the document rules. Not a second check:
 * it is the reader (readDesign) finding no shape error — the reader tells a
 * shape error (wrong JSON type, a missing field, a name that is no choice)
 * from a broken rule (an empty name, a duplicate, a template that doesn't
 * parse), and reads under a part that broke a rule for its shape only. The
 * stores ask it for what readDesign refuses (a design saved mid-edit): rule
 * errors only, and the design stays, with its problems said.
 *
 * @example
 * hasDesignShape({ name: "Shop", description: "", tables: [] }) // true
 * hasDesignShape({ name: "", description: "", tables: [] })     // true (an empty name breaks a rule, not the shape)
 * hasDesignShape({ name: "Shop", tables: {} })                  // false
 */
export function hasDesignShape(value: unknown): value is Design {
  const reader = new DocumentReader(true);
  readDesignWith(reader, value);
  return reader.shapeErrorCount === 0;
}
