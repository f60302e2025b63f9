import { useEffect, useState } from 'react';
import type { ImportPhase } from './importDesignInWorker';
import { formatBytes } from '../../dynamo';

const PHASES: readonly ImportPhase[] = ['reading', 'inferring', 'saving'];
const PHASE_TEXT: Record<ImportPhase, string> = {
  reading: 'reading the file…',
  inferring: 'reading the design and inferring its key templates…',
  saving: 'saving it in this browser…',
};

export interface ImportProgressProps {
  readonly fileName: string;
  readonly bytes: number;
  readonly phase: ImportPhase;
  /** Absent once the design is being saved (it is in the list by then: there is nothing to cancel). */
  readonly onCancel?: () => void;
}

/** Import design…'s progress while a file is imported: the phase, the seconds so far (the tab stays live), and Cancel. */
export function ImportProgress({ fileName, bytes, phase, onCancel }: ImportProgressProps) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = performance.now();
    const timer = setInterval(() => setSeconds(Math.floor((performance.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [fileName]);
  return (
    <div className="import-progress" role="group" aria-label="Import progress">
      <progress aria-label="Import progress" max={PHASES.length} value={PHASES.indexOf(phase) + 0.5} />
      {/* Cancel before the status text: the text changes with each phase and second, and a button after it moved
          under the pointer (a loaded e2e run's click landed on the page instead). */}
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
      <p role="status" className="wrap-anywhere">
        Importing <span className="wrap-anywhere">{fileName}</span> ({formatBytes(bytes)}): {PHASE_TEXT[phase]}
        {seconds > 0 ? ` ${seconds} s` : ''}
      </p>
    </div>
  );
}
