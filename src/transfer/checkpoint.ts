/**
 * Where a transfer stands, to resume it: every line up to `doneThrough` is
 * settled (written, or rejected and reported), and so are the lines in
 * `doneAfter` (batches that finished while an earlier one was still in
 * flight). Lines are the reader's (file lines; positions for bulk delete);
 * lines that hold no item (blank ones) count as settled with their neighbours.
 * Every rejected line of every run is kept in `failures`, so a resumed run
 * reports them all (the lines are settled: they are not read again).
 * It is plain JSON, saved by the import command beside the file.
 */
export interface TransferCheckpoint {
  doneThrough: number;
  doneAfter: number[];
  /** Lines written and rejected so far, over every run. */
  written: number;
  rejected: number;
  /** The rejected lines of every run so far, and why (`rejected` of them). */
  failures: TransferFailure[];
}

/** A line that was not written, and why (DynamoDB's message, or the reader's). */
export interface TransferFailure {
  readonly line: number;
  /** The last line of a record that spans several (a CSV record with a quoted line break). */
  readonly lastLine?: number;
  readonly reason: string;
  /** The error's name (ValidationException, …) when DynamoDB refused it. */
  readonly code?: string;
  /** The item's key as DynamoDB JSON, when the line was sent (DynamoDB refused it, or kept it unprocessed). */
  readonly key?: string;
}

export function emptyCheckpoint(): TransferCheckpoint {
  return { doneThrough: 0, doneAfter: [], written: 0, rejected: 0, failures: [] };
}

/** Whether an earlier run already settled `line`. */
export function isSettled(checkpoint: TransferCheckpoint, line: number): boolean {
  return line <= checkpoint.doneThrough || checkpoint.doneAfter.includes(line);
}

/**
 * Follows the lines a run takes (in order) and settles (in any order), and
 * keeps `checkpoint` up to date: `doneThrough` moves to the last line before
 * the first one still in flight.
 */
export function trackCheckpoint(checkpoint: TransferCheckpoint): { take(line: number): void; settle(line: number): void; sync(): TransferCheckpoint } {
  const taken: number[] = [];
  let head = 0;
  const settledAhead = new Set<number>(checkpoint.doneAfter);
  return {
    take: (line) => {
      taken.push(line);
    },
    settle: (line) => {
      settledAhead.add(line);
      while (head < taken.length && settledAhead.has(taken[head] as number)) {
        const done = taken[head++] as number;
        settledAhead.delete(done);
        checkpoint.doneThrough = Math.max(checkpoint.doneThrough, done);
      }
      if (head > 4096) {
        taken.splice(0, head);
        head = 0;
      }
    },
    /** Brings `doneAfter` up to date (before the checkpoint is saved or reported). */
    sync: () => {
      checkpoint.doneAfter = [...settledAhead].filter((done) => done > checkpoint.doneThrough).sort((a, b) => a - b);
      return checkpoint;
    },
  };
}

/** Reads a checkpoint saved as JSON, or says what is wrong with it. */
export function parseCheckpoint(text: string): TransferCheckpoint | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the checkpoint is not JSON (it is the file the import command writes beside the data file: FILE.checkpoint.json)';
  }
  const candidate = value as Partial<TransferCheckpoint> | null;
  if (
    !candidate ||
    typeof candidate.doneThrough !== 'number' ||
    !Array.isArray(candidate.doneAfter) ||
    !candidate.doneAfter.every((line) => typeof line === 'number') ||
    typeof candidate.written !== 'number' ||
    typeof candidate.rejected !== 'number'
  ) {
    return 'the checkpoint needs doneThrough, doneAfter (numbers), written and rejected';
  }
  const failures = candidate.failures ?? [];
  if (!Array.isArray(failures) || !failures.every(isFailure)) return 'the checkpoint\'s failures are each { "line": number, "reason": text }';
  if (failures.length !== candidate.rejected)
    return `the checkpoint counts ${candidate.rejected} rejected lines but lists ${failures.length}: it was written by an older Keylab, which kept no list; start the import again without --resume (lines already written are written again, unchanged)`;
  return {
    doneThrough: candidate.doneThrough,
    doneAfter: [...candidate.doneAfter],
    written: candidate.written,
    rejected: candidate.rejected,
    failures: failures.map(copyFailure),
  };
}

function isFailure(value: unknown): value is TransferFailure {
  if (!value || typeof value !== 'object') return false;
  const failure = value as Record<string, unknown>;
  return (
    typeof failure.line === 'number' &&
    typeof failure.reason === 'string' &&
    (failure.lastLine === undefined || typeof failure.lastLine === 'number') &&
    (failure.code === undefined || typeof failure.code === 'string') &&
    (failure.key === undefined || typeof failure.key === 'string')
  );
}

/** Only the failure's own fields (a checkpoint file is the user's: nothing else is carried over). */
function copyFailure(failure: TransferFailure): TransferFailure {
  return {
    line: failure.line,
    ...(failure.lastLine !== undefined ? { lastLine: failure.lastLine } : {}),
    reason: failure.reason,
    ...(failure.code !== undefined ? { code: failure.code } : {}),
    ...(failure.key !== undefined ? { key: failure.key } : {}),
  };
}

/** A copy to work on (a run never changes the checkpoint it resumes from). */
export function copyCheckpoint(checkpoint: TransferCheckpoint): TransferCheckpoint {
  return {
    doneThrough: checkpoint.doneThrough,
    doneAfter: [...checkpoint.doneAfter],
    written: checkpoint.written,
    rejected: checkpoint.rejected,
    failures: (checkpoint.failures ?? []).map(copyFailure),
  };
}
