import type { MouseEvent } from 'react';
import { jumpTargetId, type JumpTarget } from './jumpTargets';

/**
 * The Design tab's skip links (visible on focus): to the Design overview and
 * to the findings, through the page's own jump (which opens what hides the
 * target and moves the focus there). The Design tab and a shared design's page
 * both start with them.
 */
export function SkipLinks({ onJump }: { readonly onJump: (target: JumpTarget) => void }) {
  const skipTo = (target: JumpTarget) => (event: MouseEvent) => {
    event.preventDefault();
    onJump(target);
  };
  return (
    <nav className="skip-links" aria-label="Skip links">
      <a href={`#${jumpTargetId({ kind: 'overview' })}`} onClick={skipTo({ kind: 'overview' })}>
        Skip to overview
      </a>
      <a href={`#${jumpTargetId({ kind: 'findings' })}`} onClick={skipTo({ kind: 'findings' })}>
        Skip to findings
      </a>
    </nav>
  );
}
