/**
 * A lock held across the test files of one run that share its DynamoDB Local,
 * for the few scenarios that see every table in it (ListTables): the three
 * files that run the engine contract suite (engineContract and the two drop-in
 * variants) run in parallel workers, and one file's listing saw the tables
 * another had just created. The lock is a directory named after DynamoDB
 * Local's endpoint, made atomically by `mkdir`, holding its owner's process id
 * so a lock left by a killed run is taken over; waiting is on that condition,
 * never on a set time.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const RETRY_MS = 50;

/** Runs `body` while no other file of this run (same DynamoDB Local endpoint) runs a body under the same `name`. */
export async function withSharedLocalLock<T>(dynamodbLocalEndpoint: string, name: string, body: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `keylab-lock-${name}-${dynamodbLocalEndpoint.replace(/[^a-z0-9]+/gi, '_')}`);
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await ownerIsGone(lock)) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
  try {
    return await body();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Whether the lock's owner process has exited (a lock without its pid file yet is being taken: not gone). */
async function ownerIsGone(lock: string): Promise<boolean> {
  const owner = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => ''));
  if (!Number.isInteger(owner) || owner <= 0) return false;
  try {
    process.kill(owner, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
