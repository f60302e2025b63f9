import { describe, expect, it, vi } from 'vitest';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../../../engine';
import { createExplorerStore } from '../../explorerStore';
import { answeredWriteConfirmation, asAwsSource } from '../../testing/writeConfirmations';
import type { ConfirmWrite } from '../../writeAccess';
import { createTransferStore } from './transferStore';

async function setUp(
  canWrite = true,
  wrap: (source: DynamoDBDataSource) => DynamoDBDataSource = (source) => source,
  concurrency?: number,
  confirmWrite: ConfirmWrite = answeredWriteConfirmation().confirmWrite,
) {
  const engine = createLocalDynamoDB();
  const source = engine;
  await source.createTable({
    TableName: 'Orders',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
  const explorer = createExplorerStore();
  await explorer.getState().connect(wrap(source), 'Engine');
  await explorer.getState().selectTable('Orders');
  const transfer = createTransferStore({ explorer, canWrite: () => canWrite, ...(concurrency ? { concurrency } : {}), confirmWrite });
  return { source, explorer, transfer };
}

const FILE = [
  '{"pk": {"S": "o"}, "sk": {"N": "1"}}',
  '{"pk": {"S": "o"}, "sk": {"S": "bad"}}',
  '{"Item": {"pk": {"S": "o"}, "sk": {"N": "2"}}}',
  '{"pk": {"S": "o"}, "sk": {"N": "3"}}',
].join('\n');

describe('the transfer store', () => {
  it('imports a file, reports the bad line, and shows the items in the grid', async () => {
    const { explorer, transfer } = await setUp();
    explorer.getState().setForm({ mode: 'query', partitionValue: 'o' });
    await explorer.getState().run();
    await transfer.getState().startImport({ name: 'f.jsonl', size: FILE.length, chunks: [FILE] });
    const job = transfer.getState().job;
    expect(job).toMatchObject({ kind: 'import', running: false, fileName: 'f.jsonl', report: { written: 3, rejected: [{ line: 2 }] } });
    expect(explorer.getState().items.map((item) => item.sk?.N)).toEqual(['1', '2', '3']);
  });

  it('a CSV row with an unclosed quote: the report names every line its record spans, and written + rejected = rows read', async () => {
    const { transfer } = await setUp();
    const rows = Array.from({ length: 300 }, (_, i) =>
      i + 1 === 200 ? 'r200,200,"oops' : i + 1 === 202 ? 'r202,202,"quoted, fine"' : `r${i + 1},${i + 1},row`,
    );
    const text = ['pk,sk (N),note', ...rows].join('\n');
    await transfer.getState().startImport({ name: 'rows.csv', size: text.length, chunks: [text] });
    const report = transfer.getState().job?.report;
    expect(report?.rejected).toEqual([{ line: 201, lastLine: 203, reason: expect.stringMatching(/runs from line 201 to line 203/) }]);
    expect(report?.written).toBe(297);
    expect(report?.read).toBe(298);
    expect((report?.written ?? 0) + (report?.rejected.length ?? 0)).toBe(report?.read);
  });

  it('confirms a bulk delete of the ticked rows with their count and keys, then deletes exactly those', async () => {
    const { explorer, transfer, source } = await setUp();
    await transfer.getState().startImport({ name: 'f.jsonl', size: FILE.length, chunks: [FILE] });
    explorer.getState().setForm({ mode: 'query', partitionValue: 'o' });
    await explorer.getState().run();
    const [first, , third] = explorer.getState().items;
    transfer.getState().setSelected(third!, true);
    transfer.getState().setSelected(first!, true);
    await transfer.getState().askDelete('selected');
    expect(transfer.getState().confirmation).toEqual({
      scope: 'selected',
      counting: false,
      count: 2,
      firstKeys: ['{"pk":{"S":"o"},"sk":{"N":"1"}}', '{"pk":{"S":"o"},"sk":{"N":"3"}}'],
    });
    await transfer.getState().confirmDelete();
    expect(transfer.getState().job?.report).toMatchObject({ written: 2, rejected: [] });
    expect(transfer.getState().selected.size).toBe(0);
    const left = await source.scan({ TableName: 'Orders' });
    expect(left.Items?.map((item) => item.sk?.N)).toEqual(['2']);
  });

  it('counts every result of the query before deleting them all', async () => {
    const { explorer, transfer, source } = await setUp();
    await transfer.getState().startImport({ name: 'f.jsonl', size: FILE.length, chunks: [FILE] });
    explorer.getState().setForm({ mode: 'query', partitionValue: 'o', limit: '1' });
    await explorer.getState().run();
    expect(explorer.getState().items).toHaveLength(1);
    await transfer.getState().askDelete('results');
    expect(transfer.getState().confirmation).toMatchObject({ scope: 'results', counting: false, count: 3 });
    await transfer.getState().confirmDelete();
    expect((await source.scan({ TableName: 'Orders' })).Items).toEqual([]);
  });

  it('asks the write confirmation on AWS before an import and a bulk delete, and sends nothing when it is declined', async () => {
    const confirmation = answeredWriteConfirmation(false);
    const { asked } = confirmation;
    const { source: engine, explorer, transfer } = await setUp(true, asAwsSource, undefined, confirmation.confirmWrite);
    const file = { name: 'f.jsonl', size: FILE.length, chunks: [FILE] };
    await transfer.getState().startImport(file);
    expect((await engine.scan({ TableName: 'Orders' })).Items).toEqual([]);
    confirmation.answer = true;
    await transfer.getState().startImport(file);
    expect((await engine.scan({ TableName: 'Orders' })).Items).toHaveLength(3);
    explorer.getState().setForm({ mode: 'query', partitionValue: 'o' });
    await explorer.getState().run();
    transfer.getState().setSelected(explorer.getState().items[0]!, true);
    await transfer.getState().askDelete('selected');
    confirmation.answer = false;
    await transfer.getState().confirmDelete();
    expect(transfer.getState().confirmation).toMatchObject({ count: 1 });
    expect((await engine.scan({ TableName: 'Orders' })).Items).toHaveLength(3);
    confirmation.answer = true;
    await transfer.getState().confirmDelete();
    expect((await engine.scan({ TableName: 'Orders' })).Items).toHaveLength(2);
    expect(asked).toEqual(['Import f.jsonl into Orders', 'Import f.jsonl into Orders', 'Delete 1 item of Orders', 'Delete 1 item of Orders']);
  });

  it('writes nothing where the connection cannot write', async () => {
    const { transfer, source } = await setUp(false);
    await transfer.getState().startImport({ name: 'f.jsonl', size: FILE.length, chunks: [FILE] });
    expect(transfer.getState().job).toBeUndefined();
    expect((await source.scan({ TableName: 'Orders' })).Items).toEqual([]);
  });

  describe('pause, resume and resume after a failure', () => {
    /** 200 lines of partition p (sort keys 1…200), line 7 broken (a string sort key). */
    const LINES = Array.from({ length: 200 }, (_, i) => (i === 6 ? '{"pk": {"S": "p"}, "sk": {"S": "seven"}}' : `{"pk": {"S": "p"}, "sk": {"N": "${i + 1}"}}`));
    const BIG = `${LINES.join('\n')}\n`;

    /** The engine with its BatchWriteItem counted: every sort key it wrote, as often as it wrote it; `failOn` makes one call fail as a dropped connection does. */
    function counting(failOn?: number) {
      const written: string[] = [];
      let calls = 0;
      let returned = 0;
      const wrap = (source: DynamoDBDataSource): DynamoDBDataSource =>
        new Proxy(source, {
          get(target, name, receiver) {
            if (name !== 'batchWriteItem') return Reflect.get(target, name, receiver) as unknown;
            return async (input: Parameters<DynamoDBDataSource['batchWriteItem']>[0]) => {
              if (++calls === failOn) throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
              // A round trip's time, so the test can act while a batch is in flight.
              await new Promise((resolve) => setTimeout(resolve, 10));
              const output = await target.batchWriteItem(input);
              for (const request of input.RequestItems?.Orders ?? []) written.push(request.PutRequest?.Item?.sk?.N ?? '?');
              returned++;
              return output;
            };
          },
        });
      return { written, wrap, calls: () => calls, returned: () => returned };
    }

    it('Pause holds the next batches and Resume writes the rest, each line once', async () => {
      const count = counting();
      const { transfer, source } = await setUp(true, count.wrap, 1);
      const running = transfer.getState().startImport({ name: 'big.jsonl', size: BIG.length, chunks: [BIG] });
      await vi.waitUntil(() => transfer.getState().job?.running === true, { interval: 1 });
      transfer.getState().pause();
      expect(transfer.getState().job).toMatchObject({ running: true, paused: true });
      // The batch in flight comes back; the writer then reaches the pause (in the same turns of the event loop as it
      // would send the next batch): nothing more is sent while paused.
      await vi.waitUntil(() => count.returned() === count.calls(), { interval: 1 });
      const whilePaused = count.calls();
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setTimeout(() => resolve(undefined), 0));
      expect(count.calls()).toBe(whilePaused);
      expect(count.calls()).toBeLessThanOrEqual(1);
      await transfer.getState().resume();
      await running;
      expect(transfer.getState().job).toMatchObject({ running: false, report: { written: 199, rejected: [{ line: 7 }], cancelled: false } });
      expect(new Set(count.written).size).toBe(count.written.length);
      expect((await source.scan({ TableName: 'Orders', Select: 'COUNT' })).Count).toBe(199);
    });

    it('resumes after an error where it stopped: no line written twice, the earlier failures kept (on AWS: one question per run, not per batch)', async () => {
      const count = counting(3);
      const confirmation = answeredWriteConfirmation(true);
      const { transfer, source } = await setUp(true, (engine) => asAwsSource(count.wrap(engine)), 1, confirmation.confirmWrite);
      await transfer.getState().startImport({ name: 'big.jsonl', size: BIG.length, chunks: [BIG] });
      const stopped = transfer.getState().job;
      expect(stopped).toMatchObject({
        running: false,
        resumable: true,
        report: { fatal: { code: 'TimeoutError', reason: 'socket hang up' }, rejected: [{ line: 7 }] },
      });
      expect(stopped?.report?.written).toBe(50);
      await transfer.getState().resume();
      const job = transfer.getState().job;
      expect(job).toMatchObject({ running: false, report: { written: 199, cancelled: false } });
      expect(job?.resumable).toBeUndefined();
      expect(job?.report?.fatal).toBeUndefined();
      expect(job?.report?.rejected).toEqual([{ line: 7, reason: 'One or more parameter values were invalid: Type mismatch for key sk expected: N actual: S' }]);
      expect(count.written).toHaveLength(199);
      expect(new Set(count.written).size).toBe(199);
      expect((await source.scan({ TableName: 'Orders', Select: 'COUNT' })).Count).toBe(199);
      expect(confirmation.asked).toEqual(['Import big.jsonl into Orders', 'Resume importing big.jsonl into Orders']);
    });

    it('resumes after Cancel', async () => {
      const count = counting();
      const { transfer } = await setUp(true, count.wrap, 1);
      const running = transfer.getState().startImport({ name: 'big.jsonl', size: BIG.length, chunks: [BIG] });
      await vi.waitUntil(() => count.calls() >= 2, { interval: 1 });
      transfer.getState().cancel();
      await running;
      expect(transfer.getState().job).toMatchObject({ resumable: true, report: { cancelled: true } });
      await transfer.getState().resume();
      expect(transfer.getState().job?.report).toMatchObject({ written: 199, rejected: [{ line: 7 }], cancelled: false });
      // A batch in flight at the cancel may be sent again (a Put of the same item: idempotent); none of the settled ones is.
      expect(count.written.length - new Set(count.written).size).toBeLessThanOrEqual(25);
      expect(new Set(count.written).size).toBe(199);
    });
  });

  describe("a file whose items don't fit the table's key schema", () => {
    it('is refused once, up front, naming the missing key attribute; Import anyway goes on', async () => {
      const { transfer, source } = await setUp();
      const file = Array.from({ length: 30 }, (_, i) => `{"PK": {"S": "p"}, "SK": {"N": "${i}"}}`).join('\n');
      await transfer.getState().startImport({ name: 'other.jsonl', size: file.length, chunks: [file] });
      const job = transfer.getState().job;
      expect(job?.running).toBe(false);
      expect(job?.keyMismatch?.message).toBe(
        "This file's items have no attribute pk, the table's partition key: pk (S) (checked all of the first 20 items; the first one has PK, SK). Choose the table the file was exported from, or Import anyway: every such line is then reported as rejected.",
      );
      expect((await source.scan({ TableName: 'Orders' })).Items).toEqual([]);
      await transfer.getState().importAnyway();
      expect(transfer.getState().job?.report).toMatchObject({ written: 0 });
      expect(transfer.getState().job?.report?.rejected).toHaveLength(30);
    });

    it('names a key attribute of the wrong type', async () => {
      const { transfer } = await setUp();
      const file = '{"pk": {"S": "p"}, "sk": {"S": "one"}}\n{"pk": {"S": "p"}, "sk": {"S": "two"}}\n';
      await transfer.getState().startImport({ name: 'other.jsonl', size: file.length, chunks: [file] });
      expect(transfer.getState().job?.keyMismatch?.message).toMatch(
        /^This file's items hold sk as S, the table's sort key: sk \(N\) \(checked all of the first 2 items\)\./,
      );
    });

    it('imports a file whose first items fit, reporting its bad lines one by one', async () => {
      const { transfer } = await setUp();
      await transfer.getState().startImport({ name: 'f.jsonl', size: FILE.length, chunks: [FILE] });
      expect(transfer.getState().job?.keyMismatch).toBeUndefined();
      expect(transfer.getState().job?.report?.written).toBe(3);
    });
  });
});
