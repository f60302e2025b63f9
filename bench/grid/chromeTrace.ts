import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { LONG_TASK_MS } from './gridFigures';

/* The grid bench's Chrome trace of the scroll: recording it, and reading where the main thread's time went. */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event: on a busy machine, wall time minus this is time the OS gave to others. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * Reads a Chrome trace of the scroll: the renderer main thread's tasks over
 * 50 ms by wall clock (what the PerformanceObserver sees) and by the thread's
 * own CPU time (the app's work, whatever else the machine runs), and where the
 * CPU-long tasks spend it: self CPU time per trace event name, largest first.
 */
export function summarizeTrace(file: string): string[] {
  const { traceEvents } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.find((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (!main) return ['  (no renderer main thread in the trace)'];
  const events = traceEvents
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur as number) - (a.dur as number));
  const tasks = events.filter((event) => event.name === 'RunTask');
  const cpuOf = (event: TraceEvent) => event.tdur ?? (event.dur as number);
  const wallLong = tasks.filter((task) => (task.dur as number) > LONG_TASK_MS * 1000);
  const cpuLong = tasks.filter((task) => cpuOf(task) > LONG_TASK_MS * 1000);
  const longestCpu = Math.max(0, ...tasks.map(cpuOf)) / 1000;
  const frames = events.filter((event) => event.name === 'UpdateLayoutTree' || event.name === 'Layout' || event.name === 'FunctionCall');
  const perName = (name: string) =>
    frames
      .filter((event) => event.name === name)
      .map(cpuOf)
      .sort((a, b) => a - b);
  const medianOf = (values: number[]) => ((values[values.length >> 1] ?? 0) / 1000).toFixed(1);

  // Self CPU time per event name inside the CPU-long tasks (a stack of nested complete events).
  const selfByName = new Map<string, number>();
  const stack: { event: TraceEvent; self: number }[] = [];
  let taskEnd = -1;
  const close = (until: number) => {
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { event: TraceEvent; self: number };
      if (top.event.ts + (top.event.dur as number) > until) break;
      stack.pop();
      selfByName.set(top.event.name, (selfByName.get(top.event.name) ?? 0) + top.self);
    }
  };
  const longSet = new Set(cpuLong);
  for (const event of events) {
    if (event.ts >= taskEnd) {
      close(Number.POSITIVE_INFINITY);
      if (longSet.has(event)) {
        taskEnd = event.ts + (event.dur as number);
        stack.push({ event, self: cpuOf(event) });
      }
      continue;
    }
    close(event.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.self -= cpuOf(event);
    stack.push({ event, self: cpuOf(event) });
  }
  close(Number.POSITIVE_INFINITY);
  const rows = [...selfByName].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return [
    `  trace: main-thread tasks over ${LONG_TASK_MS} ms: ${wallLong.length} by wall clock, ${cpuLong.length} by the thread's own CPU time (longest ${longestCpu.toFixed(0)} ms CPU); the difference is time the machine gave to other processes`,
    `  trace: median CPU per event: style ${medianOf(perName('UpdateLayoutTree'))} ms, layout ${medianOf(perName('Layout'))} ms, script ${medianOf(perName('FunctionCall'))} ms`,
    ...(rows.length > 0 ? [`  trace: in the CPU-long tasks: ${rows.map(([name, micros]) => `${name} ${(micros / 1000).toFixed(0)} ms`).join(', ')}`] : []),
  ];
}

/** Records a Chrome trace of `run` (light categories: tasks, style, layout, paint, script, GC) into `file`. */
export async function traced<T>(browser: Browser, page: Page, file: string, run: () => Promise<T>): Promise<T> {
  await browser.startTracing(page, {
    path: file,
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.gc',
      // Opt-in: why each style recalc happened (which element, which change); heavy, so it skews the traced figures.
      ...(process.env.KEYLAB_GRID_TRACE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
    ],
  });
  try {
    return await run();
  } finally {
    await browser.stopTracing();
  }
}
