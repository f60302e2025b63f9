import { useBuiltInTable } from './stores';

/**
 * The notice of a tab that does not own Keylab's built-in table: another tab
 * does (it had it first, or took it from this one). Only one tab saves at a
 * time, so two tabs never write over each other from stale copies; Take over
 * moves it here (the other tab stops saving, this one reloads the stored tables).
 */
export function BuiltInTableElsewhere() {
  const elsewhere = useBuiltInTable((state) => state.elsewhere);
  const takeOver = useBuiltInTable((state) => state.takeOver);
  if (!elsewhere) return null;
  return (
    <div className="notices" role="alert" aria-label="Built-in table open in another tab">
      <p>
        {elsewhere === 'inUse'
          ? "Keylab's built-in table is open in another tab, which owns it: this tab shows none of its tables and saves nothing here. "
          : "Keylab's built-in table is open in another tab now, which took it over: this tab stopped saving, and what it shows may be out of date. "}
        <button type="button" onClick={() => void takeOver()}>
          Take over
        </button>{' '}
        (the other tab stops saving; this tab reloads with the stored tables, including every change made there).
      </p>
    </div>
  );
}
