import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../..';
import type { ContenderReply, ContenderRequest } from './lockContender.child';
import { openNodePersistence } from './openNodePersistence';

/**
 * Several endpoints started at the same moment over a stale lock (what
 * `kill -9` leaves): exactly one may own the directory. Real processes, each
 * told to open the directory at once (over IPC, so the processes start once
 * and the trials stay quick); the stale lock is an older Keylab's lock file,
 * a dead owner's lock directory, or the real leftover of a SIGKILLed owner.
 */

const CHILD = fileURLToPath(new URL('./lockContender.child.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
const TRIALS = 20;
const WRITES_PER_TRIAL = 8;
/*
 * Ceilings, never expectations: at load 36 on two cores a contender started by tsx took 14 s to say it was
 * ready, six started at once took over 60 s (the old 60 s beforeAll ceiling failed the file there), and a
 * trial takes seconds. A reply is awaited until it comes or the child exits (a condition, not a timer);
 * these only stop a hung run.
 */
const START_CEILING_MS = 600_000;
const RACE_CEILING_MS = 900_000;

/** One contender process and the replies it has sent but nobody has taken yet. */
class Contender {
  readonly child: ChildProcess;
  private readonly inbox: ContenderReply[] = [];
  private waiting: { resolve: (reply: ContenderReply) => void; reject: (error: Error) => void } | undefined;
  /** Why the child can answer no more (it exited, or could not be started), once it cannot. */
  private gone: Error | undefined;
  pid = 0;

  constructor() {
    this.child = fork(CHILD, [], { cwd: REPO, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (reply: ContenderReply) => {
      if (this.waiting) {
        const { resolve } = this.waiting;
        this.waiting = undefined;
        resolve(reply);
      } else {
        this.inbox.push(reply);
      }
    });
    const end = (error: Error) => {
      this.gone ??= error;
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.reject(this.gone);
    };
    this.child.once('error', (error) => end(new Error(`contender ${this.pid || '(starting)'} could not run: ${error.message}`)));
    this.child.once('exit', (code, signal) => end(new Error(`contender ${this.pid || '(starting)'} exited (${signal ?? `code ${code}`}) without answering`)));
  }

  async ready(): Promise<this> {
    const reply = await this.next();
    if (reply.type !== 'ready') throw new Error(`contender: expected ready, got ${JSON.stringify(reply)}`);
    this.pid = reply.pid;
    return this;
  }

  send(request: ContenderRequest): Promise<ContenderReply> {
    this.child.send(request);
    return this.next();
  }

  private next(): Promise<ContenderReply> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    if (this.gone) return Promise.reject(this.gone);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /** What `kill -9` does: no cleanup, the lock stays behind. */
  async kill(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}

/** The pid of a process that has exited. */
function deadPid(): number {
  for (;;) {
    const { pid } = spawnSync(process.execPath, ['-e', '0']);
    try {
      if (pid) process.kill(pid, 0);
    } catch {
      return pid as number;
    }
  }
}

let dir: string;
let pool: Contender[] = [];
/** The next replacement for a SIGKILLed contender, started ahead so a trial does not wait for a process to start. */
let spareReady: Promise<Contender> | undefined;
/** Every contender started, so afterAll stops each one however far beforeAll got. */
const started: Contender[] = [];

function startContender(): Contender {
  const contender = new Contender();
  started.push(contender);
  return contender;
}

function startSpare(): void {
  spareReady = startContender().ready();
  // Awaited when it is needed; a start that fails before then is reported there.
  spareReady.catch(() => undefined);
}
/** Every id whose PutItem resolved, across all trials. */
const acknowledged = new Set<string>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keylab-lock-race-'));
  const persistence = await openNodePersistence(dir);
  const engine = createLocalDynamoDB({ storage: persistence.hook });
  await persistence.load(engine);
  await engine.createTable({
    TableName: 'Race',
    AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
    KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    BillingMode: 'PAY_PER_REQUEST',
  });
  await persistence.close();
  pool = await Promise.all(Array.from({ length: 5 }, () => startContender().ready()));
  startSpare();
}, START_CEILING_MS);

afterAll(async () => {
  for (const contender of started) if (contender.child.exitCode === null && contender.child.signalCode === null) contender.child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

type StaleLock = 'older Keylab lock file' | 'dead owner lock directory' | 'SIGKILLed owner';

async function leaveStaleLock(kind: Exclude<StaleLock, 'SIGKILLed owner'>): Promise<void> {
  await rm(join(dir, 'keylab.lock'), { recursive: true, force: true });
  if (kind === 'older Keylab lock file') {
    await writeFile(join(dir, 'keylab.lock'), `${deadPid()}\n`);
  } else {
    await mkdir(join(dir, 'keylab.lock'));
    await writeFile(join(dir, 'keylab.lock', 'f00dfeedf00dfeedf00dfeedf00dfeed'), JSON.stringify({ pid: deadPid() }) + '\n');
  }
}

/** The table's ids as a fresh open sees them. */
async function storedIds(): Promise<Set<string>> {
  const persistence = await openNodePersistence(dir, { onWarning: () => undefined });
  try {
    const engine = createLocalDynamoDB({ storage: persistence.hook });
    await persistence.load(engine);
    return new Set(engine.snapshotTable('Race').items.map((item) => item.id?.S ?? ''));
  } finally {
    await persistence.close();
  }
}

async function race(contenders: number): Promise<void> {
  let staleLock: StaleLock = 'older Keylab lock file';
  for (let trial = 0; trial < TRIALS; trial++) {
    if (staleLock !== 'SIGKILLed owner') await leaveStaleLock(staleLock);
    const starters = pool.slice(0, contenders);
    // All at once: each process starts taking the lock as soon as its message arrives.
    const replies = await Promise.all(starters.map((contender) => contender.send({ type: 'open', dir })));
    const label = `${contenders} processes, trial ${trial + 1}, over a ${staleLock}`;

    const owners = starters.filter((_, i) => replies[i]?.type === 'opened');
    // Every owner serves writes, as an endpoint would (with the bug, each one's compaction dropped the other's).
    for (const [i, owner] of owners.entries()) {
      const written = await owner.send({ type: 'write', prefix: `t${contenders}.${trial}.${i}`, count: WRITES_PER_TRIAL });
      if (written.type === 'written') for (const id of written.acked) acknowledged.add(id);
    }
    expect(owners.length, `${label}: ${JSON.stringify(replies)}`).toBe(1);
    const owner = owners[0] as Contender;
    for (const [i, reply] of replies.entries()) {
      if (starters[i] === owner) continue;
      expect(reply, label).toEqual({
        type: 'refused',
        code: 'persistence.inUse',
        message: `The data directory ${dir} is in use by process ${owner.pid}: stop it, or use another --data directory.`,
      });
    }

    // Every third trial ends in a crash, so the next one races over the real leftover.
    staleLock = trial % 3 === 1 ? 'SIGKILLed owner' : trial % 2 === 0 ? 'dead owner lock directory' : 'older Keylab lock file';
    if (staleLock === 'SIGKILLed owner') {
      await owner.kill();
      pool[pool.indexOf(owner)] = await (spareReady as Promise<Contender>);
      startSpare();
    } else {
      expect(await owner.send({ type: 'close' })).toEqual({ type: 'closed' });
      const stored = await storedIds();
      expect(
        [...acknowledged].filter((id) => !stored.has(id)),
        `${label}: acknowledged writes lost`,
      ).toEqual([]);
    }
  }
  const stored = await storedIds();
  expect(
    [...acknowledged].filter((id) => !stored.has(id)),
    'acknowledged writes lost',
  ).toEqual([]);
  // No taker's private lock directory is left behind.
  expect((await readdir(dir)).filter((name) => name.startsWith('keylab.lock.'))).toEqual([]);
}

describe('the data directory lock, across processes', () => {
  it(`lets exactly one of two processes starting at once over a stale lock own the directory (${TRIALS} trials)`, () => race(2), RACE_CEILING_MS);
  it(`lets exactly one of five processes starting at once over a stale lock own the directory (${TRIALS} trials)`, () => race(5), RACE_CEILING_MS);
});
