import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { EXPORT_FORMATS, type Design } from '../../design';
import { encodeShareFragment, SHARE_LINK_CHAT_CHARS } from '../../design/share';
import { downloadFiles } from '../common/downloadFiles';
import { VisibleText } from '../common/VisibleText';
import './share.css';

/** The page's own address (no query, no fragment) with a share fragment: what a recipient opens. */
function shareUrl(fragment: string): string {
  return `${window.location.origin}${window.location.pathname}#${fragment}`;
}

/** The Keylab design file of a design: what a design too large for a link travels as. */
function downloadDesignFile(design: Design): void {
  const keylab = EXPORT_FORMATS.find((format) => format.id === 'keylab');
  if (keylab) downloadFiles(keylab.export(design));
}

/**
 * What Share opens: the link in a read-only textbox Share link with Copy
 * link (the clipboard, or the text selected with how to copy it when the
 * browser refuses), or, for a design too large for a link, why and its file.
 * The link follows edits while it is shown.
 */
export function SharePanel({ design }: { readonly design: Design }) {
  const [copyStatus, setCopyStatus] = useState<string | undefined>(undefined);
  const linkId = useId();
  const linkInput = useRef<HTMLInputElement>(null);
  // Typing stays responsive on a big design: the link is packed again once React is idle.
  const shared = useDeferredValue(design);
  const encoded = useMemo(() => encodeShareFragment(shared), [shared]);
  const url = encoded.ok ? shareUrl(encoded.fragment) : undefined;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopyStatus('Link copied to the clipboard.');
    } catch {
      linkInput.current?.focus();
      linkInput.current?.select();
      setCopyStatus('The browser did not allow copying: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.');
    }
  };

  if (!encoded.ok) {
    return (
      <div className="share-panel">
        <div className="notice" role="alert">
          <p className="wrap-anywhere">
            <VisibleText text={encoded.message} />
          </p>
          <button type="button" onClick={() => downloadDesignFile(design)}>
            Download design file
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="share-panel">
      <label htmlFor={linkId}>Share link</label>
      <div className="share-link-row">
        <input id={linkId} ref={linkInput} className="mono share-link" type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p className="muted small">
        The whole design (templates, entities, samples, access patterns, decisions and sign-offs) is in the link’s fragment, after #: browsers don’t send it to
        any server. No connection, credential or table data is in it. {(url ?? '').length.toLocaleString('en-US')} characters
        {(url ?? '').length > SHARE_LINK_CHAT_CHARS
          ? `: some chat apps cut links over ${SHARE_LINK_CHAT_CHARS.toLocaleString('en-US')} characters; if it arrives broken, send the design file.`
          : '.'}
      </p>
      {copyStatus && (
        <p role="status" className="small">
          {copyStatus}
        </p>
      )}
    </div>
  );
}
