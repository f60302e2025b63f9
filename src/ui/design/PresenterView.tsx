import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import type { Slide, SpeakerNotes } from '../../design';
import { speakerNotes } from '../../design/present';
import { MessageSpans, VisibleText } from '../common/VisibleText';
import { canLinkWindows, isPresenterMessage, presenterChannelName, type PresenterMessage } from './presenterChannel';
import { elapsedMs, formatElapsed, isTimerRunning, resetTimer, startTimer, toggleTimer, type PresenterTimer } from './presenterTimer';
import { usePresentationTheme } from './presentationTheme';
import { SlideView } from './PresentationSlides';
import { ThemeToggle } from './ThemeToggle';
import './presentation.css';
import './presenter.css';

interface Deck {
  readonly designName: string;
  readonly slides: readonly Slide[];
  readonly slide: number;
}

/**
 * Presenter view: the window the speaker looks at (`#presenter=<key>`,
 * opened by the presentation's Presenter view button). It shows the current
 * slide, the next one, the speaker notes and a timer, follows the
 * presentation in the other window, and drives it: ‹/› and the keys a clicker
 * sends ask that window to move, and both show the slide it moved to.
 */
export function PresenterView({ channelKey }: { channelKey: string }) {
  const theme = usePresentationTheme();
  const [deck, setDeck] = useState<Deck>();
  const [ended, setEnded] = useState(false);
  const channel = useRef<BroadcastChannel | undefined>(undefined);

  useEffect(() => {
    if (!canLinkWindows()) return;
    const opened = new BroadcastChannel(presenterChannelName(channelKey));
    channel.current = opened;
    opened.onmessage = (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (!isPresenterMessage(message)) return;
      if (message.type === 'deck') {
        setDeck({ designName: message.designName, slides: message.slides, slide: message.slide });
        setEnded(false);
      } else if (message.type === 'ended') setEnded(true);
    };
    opened.postMessage({ type: 'hello' } satisfies PresenterMessage);
    return () => {
      opened.close();
      channel.current = undefined;
    };
  }, [channelKey]);

  const count = deck?.slides.length ?? 0;
  const current = deck ? Math.min(deck.slide, count) : 0;
  const live = deck !== undefined && !ended;
  // Asks the presentation to move; both windows show the slide once it has.
  const go = (slide: number) => {
    if (live && count > 0) channel.current?.postMessage({ type: 'go', slide: Math.min(Math.max(1, slide), count) } satisfies PresenterMessage);
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onButton = event.target instanceof HTMLButtonElement;
    if (event.key === 'ArrowRight' || event.key === 'PageDown' || (event.key === ' ' && !onButton)) go(current + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'PageUp') go(current - 1);
    else if (event.key === 'Home') go(1);
    else if (event.key === 'End') go(count);
    else return;
    event.preventDefault();
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  useEffect(() => {
    document.title = deck ? `Presenter view · ${deck.designName} · Keylab` : 'Presenter view · Keylab';
  }, [deck]);

  const shown = deck?.slides[current - 1];
  const next = deck?.slides[current];
  const notes = useMemo(() => (shown ? speakerNotes(shown) : []), [shown]);
  const state = !canLinkWindows()
    ? 'This browser can’t link two windows (BroadcastChannel), so the presenter view can’t follow the presentation: present from the main window.'
    : !deck
      ? 'Waiting for the presentation: press Present in the Keylab window, then Presenter view.'
      : ended
        ? 'The presentation has ended. Press Present in the Keylab window to pick it up again.'
        : undefined;

  return (
    <div className={theme === 'light' ? 'presenter light' : 'presenter'}>
      <header className="presenter-bar">
        <h1 className="presenter-heading">
          Presenter view{deck && <span className="slide-muted"> · </span>}
          {deck && <VisibleText className="slide-muted" text={deck.designName} />}
        </h1>
        <div className="presenter-nav">
          <button type="button" aria-label="Previous slide" disabled={!live || current <= 1} onClick={() => go(current - 1)}>
            ‹
          </button>
          <p className="presentation-counter" role="status">
            {live ? `${current} / ${count}` : '– / –'}
          </p>
          <button type="button" aria-label="Next slide" disabled={!live || current >= count} onClick={() => go(current + 1)}>
            ›
          </button>
        </div>
        <Timer />
        <ThemeToggle />
      </header>
      {state && (
        <p className="presenter-state" role="alert">
          {state}
        </p>
      )}
      {deck && (
        <div className="presenter-main">
          <section className="presenter-current" aria-label="Current slide">
            {shown && <SlidePane slide={shown} />}
          </section>
          <div className="presenter-side">
            <section className="presenter-next" aria-label="Up next">
              <h2 className="presenter-label">Up next</h2>
              {next ? <SlidePane slide={next} /> : <p className="slide-muted">End of the deck.</p>}
            </section>
            <section className="presenter-notes" aria-label="Speaker notes">
              <h2 className="presenter-label">Speaker notes</h2>
              <NotesView notes={notes} />
            </section>
          </div>
        </div>
      )}
    </div>
  );
}

function SlidePane({ slide }: { slide: Slide }) {
  const titleId = useId();
  return (
    <div className="presentation-slide" role="group" aria-roledescription="slide" aria-labelledby={titleId}>
      <SlideView slide={slide} titleId={titleId} running={false} />
    </div>
  );
}

/** The notes of one slide: the app's sentences with their code, design text as written, code as code. */
function NotesView({ notes }: { notes: SpeakerNotes }) {
  return notes.map((group, index) => (
    <div key={index} className="presenter-note-group">
      {group.heading && (
        <h3>
          <VisibleText text={group.heading} />
        </h3>
      )}
      <dl>
        {group.points.map((point, pointIndex) => (
          <div key={pointIndex} className="presenter-note">
            <dt>
              <VisibleText text={point.label} />
            </dt>
            <dd>
              {point.as === 'message' ? (
                <MessageSpans text={point.text} />
              ) : point.as === 'code' ? (
                <code>
                  <VisibleText text={point.text} />
                </code>
              ) : (
                <VisibleText text={point.text} />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  ));
}

/** Time since the presenter view opened: pause/resume and reset; the clock redraws twice a second. */
function Timer() {
  const [timer, setTimer] = useState<PresenterTimer>(() => startTimer(performance.now()));
  const [now, setNow] = useState(() => performance.now());
  const running = isTimerRunning(timer);
  useEffect(() => {
    if (!running) return;
    const interval = setInterval(() => setNow(performance.now()), 500);
    return () => clearInterval(interval);
  }, [running]);
  const elapsed = formatElapsed(elapsedMs(timer, running ? Math.max(now, timer.runningSince ?? now) : now));
  return (
    <section className="presenter-timer" aria-label="Timer">
      <p className="presenter-clock" role="timer" aria-label="Elapsed">
        {elapsed}
      </p>
      <button
        type="button"
        onClick={() => {
          const at = performance.now();
          setTimer((before) => toggleTimer(before, at));
          setNow(at);
        }}
      >
        {running ? 'Pause' : 'Resume'}
      </button>
      <button
        type="button"
        onClick={() => {
          const at = performance.now();
          setTimer((before) => resetTimer(before, at));
          setNow(at);
        }}
      >
        Reset
      </button>
    </section>
  );
}
