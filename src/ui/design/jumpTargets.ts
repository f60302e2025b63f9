/**
 * Where the Design overview's links and the skip links land: one stable
 * element id per table, entity, access pattern and finding (names are
 * untrusted text, so each part is percent-encoded: an id never holds a
 * space, and two names never give one id), and the jump itself, which waits
 * for a target still loading (a lazy region, another table being chosen,
 * an entity being opened), then scrolls to it and moves focus there.
 */

export type JumpTarget =
  | { readonly kind: 'overview' }
  | { readonly kind: 'findings' }
  | { readonly kind: 'table'; readonly table: string }
  | { readonly kind: 'entity'; readonly table: string; readonly entity: string }
  | { readonly kind: 'pattern'; readonly table: string; readonly pattern: string }
  | { readonly kind: 'finding'; readonly finding: string };

const part = (text: string) => encodeURIComponent(text);

/** The element id of a jump target: `kl-entity-Shop/Order`. */
export function jumpTargetId(target: JumpTarget): string {
  switch (target.kind) {
    case 'overview':
      return 'design-overview';
    case 'findings':
      return 'design-findings';
    case 'table':
      return `kl-table-${part(target.table)}`;
    case 'entity':
      return `kl-entity-${part(target.table)}/${part(target.entity)}`;
    case 'pattern':
      return `kl-pattern-${part(target.table)}/${part(target.pattern)}`;
    case 'finding':
      return `kl-finding-${part(target.finding)}`;
  }
}

/** How long a jump waits for its target to appear (a lazy region's chunk on a slow machine) before giving up silently. */
const WAIT_MS = 10_000;

/** The element with `id` once it is in the document (at once when it is), or undefined after `WAIT_MS`. */
function whenPresent(id: string): Promise<HTMLElement | undefined> {
  const found = document.getElementById(id);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const element = document.getElementById(id);
      if (!element) return;
      finish(element);
    });
    const timer = setTimeout(() => finish(undefined), WAIT_MS);
    function finish(element: HTMLElement | undefined) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(element);
    }
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * Scrolls to the element with `id` and focuses it (one that is not
 * focusable by itself is given tabIndex -1), opening any closed `<details>`
 * around it first. Resolves to whether it landed.
 */
export async function focusJumpTarget(id: string): Promise<boolean> {
  const element = await whenPresent(id);
  if (!element) return false;
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (parent instanceof HTMLDetailsElement && !parent.open) parent.open = true;
  }
  // A target that is no control takes focus for the jump (tabIndex -1: focusable by script, not in the tab order).
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
  return document.activeElement === element;
}
