/**
 * A separate process that opens a data directory when told to, for
 * directoryLock.processes.test.ts: the lock race needs real processes (one
 * process's awaits never interleave with another's file-system calls the way
 * two processes' do). Started with `node --import tsx`, driven over IPC:
 *
 *   parent → { type: 'open', dir }               child → { type: 'opened' } | { type: 'refused', code, message }
 *   parent → { type: 'write', prefix, count }    child → { type: 'written', acked: [ids whose PutItem resolved] }
 *   parent → { type: 'close' }                   child → { type: 'closed' }
 *
 * Writes go to table `Race` (key `id`), which the parent creates first.
 */
import { createLocalDynamoDB, type LocalDynamoDB } from '../..';
import { isPersistenceError } from '../persistenceError';
import { openNodePersistence, type NodePersistence } from './openNodePersistence';

export type ContenderRequest = { type: 'open'; dir: string } | { type: 'write'; prefix: string; count: number } | { type: 'close' };
export type ContenderReply =
  | { type: 'ready'; pid: number }
  | { type: 'opened' }
  | { type: 'refused'; code: string; message: string }
  | { type: 'written'; acked: string[] }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

/** A tiny compaction threshold, so a second owner (if the lock ever let one in) would rewrite the file from its own memory. */
const COMPACT_AFTER_BYTES = 1_000;

let persistence: NodePersistence | undefined;
let engine: LocalDynamoDB | undefined;

function reply(message: ContenderReply): void {
  process.send?.(message);
}

async function handle(request: ContenderRequest): Promise<void> {
  switch (request.type) {
    case 'open':
      try {
        persistence = await openNodePersistence(request.dir, { compactAfterBytes: COMPACT_AFTER_BYTES, onWarning: () => undefined });
        engine = createLocalDynamoDB({ storage: persistence.hook });
        await persistence.load(engine);
        reply({ type: 'opened' });
      } catch (error) {
        reply(isPersistenceError(error) ? { type: 'refused', code: error.code, message: error.message } : { type: 'failed', message: String(error) });
      }
      return;
    case 'write': {
      const acked: string[] = [];
      for (let i = 0; i < request.count; i++) {
        const id = `${request.prefix}-${i}`;
        try {
          await engine?.putItem({ TableName: 'Race', Item: { id: { S: id }, by: { N: String(process.pid) } } });
          acked.push(id);
        } catch {
          // not acknowledged: need not survive
        }
      }
      reply({ type: 'written', acked });
      return;
    }
    case 'close':
      await persistence?.close();
      persistence = undefined;
      engine = undefined;
      reply({ type: 'closed' });
      return;
  }
}

process.on('message', (request: ContenderRequest) => {
  handle(request).catch((error: unknown) => reply({ type: 'failed', message: String(error) }));
});
// Exit with the parent, however it ends.
process.on('disconnect', () => process.exit(0));
reply({ type: 'ready', pid: process.pid });
