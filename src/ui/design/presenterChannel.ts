import type { Slide } from '../../design';

/**
 * Presenter view: a second window (same app, URL `#presenter=<key>`) that
 * shows the current and next slide, speaker notes and a timer, and follows
 * the presentation in the first window. The two talk over a BroadcastChannel
 * named after the design (same origin only): the presentation is the one
 * source of truth and sends its deck and slide; the presenter window asks
 * for them (`hello`) and asks to move (`go`), which the presentation applies
 * and sends back, so both windows always show the same slide.
 */
export type PresenterMessage =
  /** Presenter → presentation: send the deck (a presenter window opened, or reloaded). */
  | { readonly type: 'hello' }
  /** Presentation → presenter: the deck and the slide shown (1-based). */
  | { readonly type: 'deck'; readonly designName: string; readonly slides: readonly Slide[]; readonly slide: number }
  /** Presenter → presentation: show this slide (1-based). */
  | { readonly type: 'go'; readonly slide: number }
  /** Presentation → presenter: the presentation was left (Esc, Exit presentation, closed). */
  | { readonly type: 'ended' };

const HASH_PREFIX = '#presenter=';

/**
 * The design a presenter window follows, from its URL hash; undefined in any other window.
 *
 * @example
 * presenterKeyFromHash("#presenter=d1") // "d1"
 * presenterKeyFromHash("#present=2")    // undefined
 */
export function presenterKeyFromHash(hash: string): string | undefined {
  if (!hash.startsWith(HASH_PREFIX)) return undefined;
  try {
    return decodeURIComponent(hash.slice(HASH_PREFIX.length));
  } catch {
    return undefined;
  }
}

/** The presenter window's URL: this page (path and query kept) with the presenter fragment. */
export function presenterUrl(location: Pick<Location, 'pathname' | 'search'>, key: string): string {
  return `${location.pathname}${location.search}${HASH_PREFIX}${encodeURIComponent(key)}`;
}

/** The channel both windows of one design's presentation share. */
export function presenterChannelName(key: string): string {
  return `keylab.presenter:${key}`;
}

/** Whether this browser can link the two windows (BroadcastChannel: every current browser, not some embedded views). */
export function canLinkWindows(): boolean {
  return typeof BroadcastChannel === 'function';
}

const isSlideNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1;

/**
 * Whether a message received on the channel is one of ours (another page of
 * this origin could post anything there): the shape is checked before use;
 * its texts are still rendered as text only.
 */
export function isPresenterMessage(data: unknown): data is PresenterMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  switch (message.type) {
    case 'hello':
    case 'ended':
      return true;
    case 'go':
      return isSlideNumber(message.slide);
    case 'deck':
      return (
        typeof message.designName === 'string' &&
        isSlideNumber(message.slide) &&
        Array.isArray(message.slides) &&
        message.slides.every(
          (slide: unknown) =>
            typeof slide === 'object' &&
            slide !== null &&
            typeof (slide as { kind?: unknown }).kind === 'string' &&
            typeof (slide as { id?: unknown }).id === 'string',
        )
      );
    default:
      return false;
  }
}
