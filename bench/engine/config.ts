/** The engine bench's sizes, targets and env vars (KEYLAB_BENCH_ENGINE_SCALE, KEYLAB_BENCH_DDBL_BUDGET_S, KEYLAB_BENCH_GSI_ITEMS, KEYLAB_BENCH_GSI_ONLY). */
/** KEYLAB_BENCH_ENGINE_SCALE=0.01 runs every row at 1% of its size: a smoke run that the bench works, not a measurement. */
export const SCALE = Number(process.env.KEYLAB_BENCH_ENGINE_SCALE ?? 1);
export const SMALL = Math.round(100_000 * SCALE);
export const LARGE = Math.round(1_000_000 * SCALE);
export const QUERIES = 1_000;
export const WARMUP_QUERIES = 200;
export const PAGE = 100;
export const BATCH = 25;
export const HTTP_CONCURRENCY = 4;
export const PARTITION = 'SEASON#2026-SPRING';
export const DDBL_BUDGET_MS = Number(process.env.KEYLAB_BENCH_DDBL_BUDGET_S ?? 120) * 1000;
export const TARGET_QUERY_P50_US = 50;
export const TARGET_ENDPOINT_SPEEDUP = 1.5;
export const TRANSACTIONS = Math.round(10_000 * SCALE);
export const TRANSACTION_ACTIONS = 4;
/** The endpoint's 100-item Query p50 within this factor of the floor's (a server with a pre-serialized reply). */
export const TARGET_FLOOR_RATIO = 1.3;
/** Items under the GSI added by UpdateTable; `KEYLAB_BENCH_GSI_ITEMS=1000 KEYLAB_BENCH_GSI_ONLY=1` checks the row quickly. */
export const GSI_ITEMS = Number(process.env.KEYLAB_BENCH_GSI_ITEMS ?? SMALL);
export const GSI_ONLY = process.env.KEYLAB_BENCH_GSI_ONLY === '1';
/** Rows with their own target (the 2× for the transactions, GSI and PartiQL rows). */
export const ROW_TARGETS: Partial<Record<string, number>> = { transactions: 2, addIndex100k: 2, partiqlSelects: 2 };
