/**
 * The share-link target: the link of each built-in example design (the
 * articles' designs) is under 2 KB, short enough for a chat message. Counts
 * the fragment, `#share=k1.…`, which is all the link adds to the app's URL.
 */
import { EXAMPLE_DESIGNS } from '../../src/design';
import { encodeShareFragment } from '../../src/design/share';
import { formatInt, renderTable } from '../benchUtils';

const TARGET_BYTES = 2 * 1024;

export async function run(): Promise<void> {
  const rows = EXAMPLE_DESIGNS.map(({ id, design }) => {
    const encoded = encodeShareFragment(design);
    if (!encoded.ok) throw new Error(encoded.message);
    // The fragment is ASCII (base64url), so characters are bytes; +1 for the `#`.
    const bytes = encoded.bytes + 1;
    return [id, formatInt(bytes), `< ${formatInt(TARGET_BYTES)}`, bytes < TARGET_BYTES ? 'PASS' : 'MISS'];
  });
  console.log(renderTable([['example design', 'share link bytes (#share=…)', 'target', ''], ...rows]));
}
