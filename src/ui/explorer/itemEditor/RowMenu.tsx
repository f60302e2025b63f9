import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Item } from '../../../state';
import { useExplorerSide } from '../../stores';
import { ROW_ACTIONS, runRowAction, type RowAction } from './itemKeys';
import './itemEditor.css';

/** Where the row menu opens: under a row number (keyboard) or at the pointer (right click), for the row at 1-based `position`. */
export interface RowMenuAnchor {
  readonly item: Item;
  readonly position: number;
  readonly x: number;
  readonly y: number;
  /** The row number button the menu belongs to: focus goes back there. */
  readonly returnFocus: HTMLElement | null;
}

/** Shown as "Enter", "Delete", "Shift+D": the keys that do the same on a focused row number. */
const shortcutText = (shortcut: string) => shortcut.replace('+', ' + ');

/**
 * The grid's row menu (Shift+F10, the ContextMenu key, or a right click on
 * a row): New, Edit, Duplicate and Delete item, each with its key. The ARIA
 * menu pattern: focus on the first entry, Up/Down/Home/End move, Escape or
 * Tab closes and focus returns to the row number.
 */
export function RowMenu({ anchor, onClose }: { anchor: RowMenuAnchor; onClose: () => void }) {
  const { explorerTools } = useExplorerSide();
  const menu = useRef<HTMLDivElement>(null);
  // Placed where it was asked for, then moved inside the viewport once its size is known (an 800 px screen, a row near the bottom).
  const [place, setPlace] = useState({ left: anchor.x, top: anchor.y });
  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    setPlace({
      left: Math.max(4, Math.min(anchor.x, window.innerWidth - width - 4)),
      top: anchor.y + height > window.innerHeight - 4 ? Math.max(4, anchor.y - height) : anchor.y,
    });
    element.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [anchor]);

  const close = () => {
    onClose();
    anchor.returnFocus?.focus();
  };
  const choose = (action: RowAction) => {
    // Focus back on the row first: the dialog that opens returns focus there when it closes.
    close();
    void runRowAction(explorerTools, action, anchor.item);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: entries.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      entries[((moves[event.key] as number) + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    }
  };

  return (
    <div
      ref={menu}
      role="menu"
      aria-label={`Row ${anchor.position}`}
      className="row-menu"
      style={{ left: place.left, top: place.top }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onClose();
      }}
    >
      {ROW_ACTIONS.map(({ action, label, shortcut }) => (
        <button key={action} type="button" role="menuitem" tabIndex={-1} aria-keyshortcuts={shortcut} onClick={() => choose(action)}>
          <span>{label}</span>
          {shortcut && <kbd>{shortcutText(shortcut)}</kbd>}
        </button>
      ))}
    </div>
  );
}
