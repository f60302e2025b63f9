import type { Design, DesignDocument } from '../design.types';
import { withCanonicalFingerprints } from '../decisions/fingerprint';
import { buildDesignDocument } from './designDocument';
import { printDesignJson } from './printDesignJson';

/**
 * Writes a design as its JSON document in the canonical layout (see
 * designDocument.ts for what is sorted and what keeps its order, and
 * printDesignJson.ts for the text: one sample per line): the same design is
 * always the same text, which `keylab format` writes, `keylab check
 * --check-format` expects and Export design… downloads.
 * `parseDesignDocument(serializeDesignDocument(d))` gives `d` back (sorted
 * where order means nothing), and writing that again gives the same text.
 *
 * @example
 * serializeDesignDocument({ name: "Shop", description: "", tables: [] })
 * // '{\n  "format": "keylab.design/1",\n  "name": "Shop",\n  "description": "",\n  "tables": []\n}\n'
 */
export function serializeDesignDocument(design: Design): string {
  return printDesignJson(toDesignDocument(design));
}

/**
 * The document form of a design, with only known fields, in the canonical
 * layout. A sign-off given before that layout (its fingerprint taken over the
 * decisions as they were stored) and still current is written with the
 * canonical fingerprint of the same design (see withCanonicalFingerprints),
 * so it stays current once the decisions are sorted.
 */
export function toDesignDocument(design: Design): DesignDocument {
  return buildDesignDocument(withCanonicalFingerprints(design), 'canonical');
}
