/**
 * Where a transfer stands, to resume it: every line up to `doneThrough` is
 * settled (written, or rejected and reported), and so are the lines in
 * `doneAfter` (batches that finished while an earlier one was still in
 * flight). Lines are the reader's (file lines; positions for bulk delete);
 * lines that hold no item (blank ones) count as settled with their neighbours.
 * It is plain JSON, saved by the import command beside the file.
 */
export interface TransferCheckpoint {
  doneThrough: number;
  doneAfter: number[];
  /** Lines written and rejected so far, over every run. */
  written: number;
  rejected: number;
}

export function emptyCheckpoint(): TransferCheckpoint {
  return { doneThrough: 0, doneAfter: [], written: 0, rejected: 0 };
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
  return { doneThrough: candidate.doneThrough, doneAfter: [...candidate.doneAfter], written: candidate.written, rejected: candidate.rejected };
}
