import { buildSlides } from '../../design/present';
import { useEffect, useId, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from 'zustand';
import { type Design, type TableDesign } from '../../design';
import { useAppStores } from '../stores';
import { VisibleText } from '../common/VisibleText';
import { leavePresentation, onFullscreenChange, showPresentSlide, slideFromHash } from './presentationLocation';
import { SlideView } from './PresentationSlides';
import { ThemeToggle } from './ThemeToggle';
import { usePresentationTheme } from './presentationTheme';
import { usePresenterLink } from './usePresenterLink';
import './presentation.css';

/**
 * Presentation mode: the open design as slides for a schema review meeting
 * (a projector at 1920×1080, a screen share): one slide at a time, keys in a
 * large monospace with the byte that orders them marked, no editing chrome.
 * ←/→, PageUp/PageDown (what presenter clickers send), Home/End move; Esc
 * leaves; the URL (#present=<n>) keeps the slide. The overlay sits over the
 * page, which is inert meanwhile, so keys and focus stay here.
 * Presenter view opens a second window that follows this one (usePresenterLink);
 * Light theme switches the slides to dark text on white.
 * `designId` keys the link between the two windows (default: the design's name).
 */
export function Presentation({ design, table, slide, designId }: { design: Design; table: TableDesign; slide: number; designId?: string }) {
  const runs = useAppStores().accessPatternRuns;
  const lastRun = useStore(runs, (state) => state.lastRun);
  const ranFor = useStore(runs, (state) => state.ranFor);
  const running = useStore(runs, (state) => state.running);
  // Results of the table on screen in the Design tab (the Access patterns region's run): run them once if stale.
  const fresh = lastRun !== undefined && ranFor === table;
  // Re-checked whenever a run ends: a run another panel started (of an earlier version of this
  // table, say) may still be going when the slides open, and its results are stale once it ends.
  useEffect(() => {
    if (table.accessPatterns.length > 0 && !running && ranFor !== table) void runs.getState().run(table);
  }, [runs, table, running, ranFor]);
  const results = fresh ? lastRun.outcomes : undefined;
  const slides = useMemo(() => buildSlides(design, results ? { results: { [table.name]: results } } : {}), [design, table.name, results]);
  const count = slides.length;
  const current = Math.min(slide, count);
  const regionRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const theme = usePresentationTheme();
  const presenter = usePresenterLink(designId ?? `design:${design.name}`, design.name, slides, current, (to) =>
    showPresentSlide(Math.min(Math.max(1, to), count)),
  );

  useEffect(() => {
    if (current !== slide) showPresentSlide(current);
  }, [current, slide]);

  useEffect(() => {
    const move = (to: number) => showPresentSlide(Math.min(Math.max(1, to), count));
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const onButton = event.target instanceof HTMLButtonElement;
      const shown = Math.min(slideFromHash(window.location.hash) ?? 1, count);
      if (event.key === 'ArrowRight' || event.key === 'PageDown' || (event.key === ' ' && !onButton)) move(shown + 1);
      else if (event.key === 'ArrowLeft' || event.key === 'PageUp') move(shown - 1);
      else if (event.key === 'Home') move(1);
      else if (event.key === 'End') move(count);
      else if (event.key === 'Escape') leavePresentation();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullscreenChange);
    };
  }, [count]);

  useEffect(() => {
    // The page behind is inert while presenting: no focus, clicks or screen-reader visits there.
    const others = [...document.body.children].filter(
      (element): element is HTMLElement => element instanceof HTMLElement && element !== regionRef.current && !element.inert,
    );
    for (const element of others) element.inert = true;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    regionRef.current?.focus();
    return () => {
      for (const element of others) element.inert = false;
      document.body.style.overflow = previousOverflow;
      // Back where the presentation started (focusable again now that the page is not inert).
      document.querySelector<HTMLElement>('[data-present-button]')?.focus();
    };
  }, []);

  const shownSlide = slides[current - 1];
  return createPortal(
    <div ref={regionRef} role="region" aria-label="Presentation" className={theme === 'light' ? 'presentation light' : 'presentation'} tabIndex={-1}>
      <div className="presentation-slide" role="group" aria-roledescription="slide" aria-labelledby={titleId}>
        {shownSlide && <SlideView slide={shownSlide} titleId={titleId} running={running && !fresh} />}
      </div>
      <div className="presentation-controls">
        <VisibleText className="presentation-design" text={design.name} />
        {presenter.problem && (
          <p className="presentation-problem" aria-live="polite">
            {presenter.problem}
          </p>
        )}
        <button type="button" onClick={presenter.open}>
          Presenter view
        </button>
        <ThemeToggle />
        <button type="button" aria-label="Previous slide" disabled={current <= 1} onClick={() => showPresentSlide(current - 1)}>
          ‹
        </button>
        <p className="presentation-counter" role="status">
          {current} / {count}
        </p>
        <button type="button" aria-label="Next slide" disabled={current >= count} onClick={() => showPresentSlide(current + 1)}>
          ›
        </button>
        <button type="button" aria-label="Exit presentation" onClick={leavePresentation}>
          ✕
        </button>
      </div>
    </div>,
    document.body,
  );
}
