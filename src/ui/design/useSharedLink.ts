import { useEffect, useState } from 'react';
import { isShareHash } from '../../design';

/** The URL's fragment when it is a share link (`#share=…`), else undefined. */
function sharedFragment(): string | undefined {
  // No window when the build prerenders the first screen (src/prerender.tsx): no share link.
  if (typeof window === 'undefined') return undefined;
  const hash = window.location.hash;
  return isShareHash(hash) ? hash : undefined;
}

/**
 * The share link the page was opened with (or navigated to: pasting another
 * link fires hashchange), and `leave()`, which takes the fragment out of the
 * URL so a reload shows the designs rather than the shared design again.
 */
export function useSharedLink(): { readonly fragment: string | undefined; leave(): void } {
  const [fragment, setFragment] = useState(sharedFragment);
  useEffect(() => {
    const onHashChange = () => setFragment(sharedFragment());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);
  return {
    fragment,
    leave: () => {
      if (sharedFragment() !== undefined) window.history.replaceState(null, '', window.location.pathname + window.location.search);
      setFragment(undefined);
    },
  };
}
