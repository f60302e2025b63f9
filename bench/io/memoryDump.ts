/**
 * Where a process's memory goes, for KEYLAB_BENCH_IO_BROWSER_DUMP=1: the
 * resident, anonymous, file-backed and shared-memory totals from
 * /proc/<pid>/smaps_rollup and the largest anonymous mappings from
 * /proc/<pid>/smaps (by their name: [heap], [anon:partition_alloc], V8's
 * reservations, or unnamed), in MB. No tracing, no DevTools domain.
 */
import { readFile } from 'node:fs/promises';

const mb = (kb: number) => (kb / 1024).toFixed(0);

export async function memoryBreakdown(pid: number): Promise<string> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  const smaps = await readFile(`/proc/${pid}/smaps`, 'utf8').catch(() => '');
  const byName = new Map<string, number>();
  let name = '';
  for (const line of smaps.split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) name = header[1] || '(unnamed)';
    else if (line.startsWith('Anonymous:')) byName.set(name, (byName.get(name) ?? 0) + Number(/(\d+)/.exec(line)?.[1] ?? 0));
  }
  const largest = [...byName.entries()]
    .filter(([, kb]) => kb >= 1024)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([mapping, kb]) => `${mapping} ${mb(kb)}`)
    .join(', ');
  return `pid ${pid}: Rss ${mb(field('Rss'))} MB = anon ${mb(field('Anonymous'))} + file ${mb(field('Pss_File'))} (Pss) + shmem ${mb(field('Pss_Shmem'))} (Pss); anonymous by mapping (MB): ${largest}`;
}
