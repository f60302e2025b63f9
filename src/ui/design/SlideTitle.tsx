import { VisibleText } from '../common/VisibleText';

/** A slide's title (its accessible name) under a kicker line saying what it is about. */
export function SlideTitle({ id, text, kicker }: { id: string; text: string; kicker?: string }) {
  return (
    <header className="slide-header">
      {kicker && (
        <p className="slide-kicker">
          <VisibleText text={kicker} />
        </p>
      )}
      <h2 id={id} className="slide-title">
        <VisibleText text={text} />
      </h2>
    </header>
  );
}
