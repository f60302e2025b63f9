/**
 * Names of whole designs in the Designs list, which never holds two designs
 * under one name: a copy (Duplicate, Make a copy of a shared design) and an
 * import whose name is taken get "<name> (copy)", then "<name> (copy 2)", ….
 * Names compare as Unicode NFC, so "é" typed two ways is one name (it looks
 * like one); invisible characters still make names differ, and the list
 * shows them as markers.
 */

/** A name's copy suffix: " (copy)" or " (copy 7)". */
const COPY_SUFFIX = / \(copy(?: (\d+))?\)$/;

function nameSet(taken: Iterable<string>): Set<string> {
  const set = new Set<string>();
  for (const name of taken) set.add(name.normalize('NFC'));
  return set;
}

/**
 * The name for a copy of the design named `name`: "<name> (copy)", or the
 * first "<name> (copy N)" (N ≥ 2) no design in `taken` has. A copy of a copy
 * counts on from the original's name: the copy of "Shop (copy)" is
 * "Shop (copy 2)", not "Shop (copy) (copy)".
 *
 * @example
 * copyName("Leaderboard", ["Leaderboard"])                        // "Leaderboard (copy)"
 * copyName("Leaderboard", ["Leaderboard", "Leaderboard (copy)"])  // "Leaderboard (copy 2)"
 * copyName("Leaderboard (copy)", ["Leaderboard", "Leaderboard (copy)"]) // "Leaderboard (copy 2)"
 */
export function copyName(name: string, taken: Iterable<string>): string {
  const used = nameSet(taken);
  const base = name.replace(COPY_SUFFIX, '');
  const first = `${base} (copy)`;
  if (!used.has(first.normalize('NFC'))) return first;
  for (let n = 2; ; n++) {
    const next = `${base} (copy ${n})`;
    if (!used.has(next.normalize('NFC'))) return next;
  }
}

/**
 * `name` when no design in `taken` has it, else its {@link copyName}: what a
 * design added to the list (an import, Make a copy of a shared design) is saved as.
 *
 * @example
 * freeDesignName("Shop", ["Leaderboard"]) // "Shop"
 * freeDesignName("Shop", ["Shop"])        // "Shop (copy)"
 */
export function freeDesignName(name: string, taken: Iterable<string>): string {
  return nameSet(taken).has(name.normalize('NFC')) ? copyName(name, taken) : name;
}
