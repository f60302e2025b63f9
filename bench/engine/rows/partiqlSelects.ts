import { createRandom } from '../../benchUtils';
import { PAGE, PARTITION, QUERIES, WARMUP_QUERIES } from '../config';
import type { BenchSide } from '../sides';
import { sortKey } from '../workload';

/** QUERIES PartiQL SELECTs of a PAGE-item BETWEEN page at random positions (a Query each), one at a time; total ms. */
export async function partiqlSelects(side: BenchSide, TableName: string, count: number): Promise<number> {
  const random = createRandom(count + 11);
  const Statement = `SELECT * FROM "${TableName}" WHERE leaderboardId = ? AND rankKey BETWEEN ? AND ?`;
  const run = async () => {
    const from = Math.floor(random() * (count - PAGE));
    const output = await side.db.executeStatement({ Statement, Parameters: [{ S: PARTITION }, { S: sortKey(from) }, { S: sortKey(from + PAGE - 1) }] });
    if (output.Items?.length !== PAGE) throw new Error(`${side.name}: expected a ${PAGE}-item PartiQL page, got ${output.Items?.length}`);
  };
  for (let i = 0; i < WARMUP_QUERIES; i++) await run();
  const start = performance.now();
  for (let i = 0; i < QUERIES; i++) await run();
  return performance.now() - start;
}
