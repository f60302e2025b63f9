import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../http';
import { DEFAULT_ENDPOINT_PORT, describeEndpointListenError, openEngine, parseEndpointArgs, unservedSharedTables } from './endpointCli';

describe('npm run endpoint arguments', () => {
  it('defaults to DynamoDB Local’s port, loopback only, in memory, any CORS origin', () => {
    expect(parseEndpointArgs([])).toEqual({ port: DEFAULT_ENDPOINT_PORT, host: '127.0.0.1', dataDir: undefined, corsOrigins: '*', verbose: false });
    expect(DEFAULT_ENDPOINT_PORT).toBe(8000);
  });

  it('reads --port, --host, --data, --cors and --verbose, with a space or an =', () => {
    expect(parseEndpointArgs(['--port', '8010', '--host=0.0.0.0', '--data', './d', '--cors', 'http://localhost:5173, https://x.example', '--verbose'])).toEqual(
      {
        port: 8010,
        host: '0.0.0.0',
        dataDir: './d',
        corsOrigins: ['http://localhost:5173', 'https://x.example'],
        verbose: true,
      },
    );
    expect(parseEndpointArgs(['--port=9000', '--cors=*'])).toMatchObject({ port: 9000, corsOrigins: '*' });
    expect(parseEndpointArgs(['--help'])).toBe('help');
  });

  it.each([
    [['--port', '0'], /Invalid port "0"/],
    [['--port', '8000x'], /Invalid port/],
    [['--port'], /Missing value after --port/],
    [['--port', '--verbose'], /Missing value after --port/],
    [['--cors', 'localhost:5173/'], /Invalid --cors origin/],
    [['--cors', 'http://localhost:5173/app'], /no path/],
    [['--data', ' '], /--data needs a directory/],
    [['8000'], /Unknown argument "8000"/],
  ])('refuses %j with a message that says what to do', (argv, message) => {
    expect(() => parseEndpointArgs(argv)).toThrow(UsageError);
    expect(() => parseEndpointArgs(argv)).toThrow(message);
  });

  it('serves in memory without --data, and keeps tables in a data directory with it', async () => {
    const memory = await openEngine(undefined);
    expect((await memory.engine.listTables({})).TableNames).toEqual([]);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'keylab-endpoint-'));
    try {
      const first = await openEngine(dir);
      await first.engine.createTable({
        TableName: 'Kept',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
      });
      await first.engine.putItem({ TableName: 'Kept', Item: { pk: { S: 'a' }, bytes: { B: Uint8Array.of(0, 255) } } });
      await first.close();

      const second = await openEngine(dir);
      expect((await second.engine.getItem({ TableName: 'Kept', Key: { pk: { S: 'a' } } })).Item).toEqual({
        pk: { S: 'a' },
        bytes: { B: Uint8Array.of(0, 255) },
      });
      // A second endpoint on the same directory is refused with one clear line, not a corrupted journal.
      await expect(openEngine(dir)).rejects.toThrow(UsageError);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads --data-repair (only with --data), and passes it to the data directory', async () => {
    expect(parseEndpointArgs(['--data', './d', '--data-repair'])).toMatchObject({ dataDir: './d', dataRepair: true });
    expect(() => parseEndpointArgs(['--data-repair'])).toThrow(/--data-repair repairs a data directory: give it with --data DIR/);

    const dir = mkdtempSync(path.join(os.tmpdir(), 'keylab-endpoint-'));
    try {
      const first = await openEngine(dir);
      await first.engine.createTable({
        TableName: 'Kept',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
      });
      for (const pk of ['a', 'b']) await first.engine.putItem({ TableName: 'Kept', Item: { pk: { S: pk }, v: { S: 'ok' } } });
      await first.close();
      const file = path.join(dir, 'Kept.table.jsonl');
      writeFileSync(file, readFileSync(file, 'utf8').replace('{"pk":{"S":"a"},"v":{"S":"ok"}}', '{"pk":{"S":"a"},"v":{"S":"no"}}'));

      await expect(openEngine(dir)).rejects.toThrow(/is damaged at line 2 .*Start with --data-repair to keep every intact record and drop line 2/);
      const repaired = await openEngine(dir, { repair: true });
      expect(repaired.warnings[0]).toMatch(/^--data-repair dropped line 2 of .*Kept\.table\.jsonl .*1 write:\n {2}put \{"pk":\{"S":"a"\}\}$/);
      expect((await repaired.engine.scan({ TableName: 'Kept' })).Items).toEqual([{ pk: { S: 'b' }, v: { S: 'ok' } }]);
      await repaired.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('warns when DynamoDB Local’s flags leave the shared database of --data unserved, and says how to serve it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keylab-endpoint-'));
    const settings = (...args: string[]) => parseEndpointArgs(['--data', dir, ...args]) as Exclude<ReturnType<typeof parseEndpointArgs>, string>;
    try {
      expect(await unservedSharedTables(settings('-port', '8001'))).toBeUndefined();
      const shared = await openEngine(dir);
      await shared.engine.createTable({
        TableName: 'Kept',
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
      });
      await shared.close();

      expect(await unservedSharedTables(settings('-port', '8001'))).toBe(
        `${dir} holds a shared database (1 table) that this start does not serve: DynamoDB Local's flags select a database per access key and region. ` +
          "Add -sharedDb to serve it, or give only Keylab's own options (--port N).",
      );
      expect(await unservedSharedTables(settings('-sharedDb', '-port', '8001'))).toBeUndefined();
      expect(await unservedSharedTables(settings('--port', '8001'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains listen errors in one line', () => {
    const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    expect(describeEndpointListenError(inUse, 8000, '127.0.0.1')).toBe(
      'The endpoint could not start: port 8000 is already in use on 127.0.0.1 (DynamoDB Local?). Pick another: npm run endpoint -- --port 8001',
    );
  });
});
