import { describe, expect, it } from 'vitest';
import { SHOP_DESIGN } from '../../design';
import { createLocalDynamoDB, type DynamoDBDataSource } from '../../engine';
import { AWS_TARGET, asAwsSource } from '../testing/writeConfirmations';
import { readOnlyDataSource } from '../../sources/readOnlyDataSource';
import { createLoadIntoTableStore, readOnlyTargetMessage, type RemoteLoadTarget } from './loadIntoTableStore';

const noWait = () => Promise.resolve();

describe('createLoadIntoTableStore', () => {
  it('loads into the built-in table at once, opening it first', async () => {
    const builtIn = createLocalDynamoDB();
    let opened = 0;
    const store = createLoadIntoTableStore({ openBuiltIn: async () => (opened++, builtIn), remoteTarget: () => undefined, sleep: noWait });
    await store.getState().request(SHOP_DESIGN);
    expect(opened).toBe(1);
    expect(store.getState()).toMatchObject({ running: false, loadedInto: 'builtIn' });
    expect(store.getState().reportText).toContain('Tables created: Shop');
    expect(store.getState().reportText).toContain('Items written: 8');
  });

  it('asks before writing to the explorer’s connection, naming where, and writes only after Confirm', async () => {
    const remote = createLocalDynamoDB();
    const target: RemoteLoadTarget = { source: remote, where: 'DynamoDB Local http://localhost:8000 · us-east-1 · key keylab' };
    const store = createLoadIntoTableStore({ openBuiltIn: () => Promise.reject(new Error('not this one')), remoteTarget: () => target, sleep: noWait });
    store.getState().setTarget('connection');
    await store.getState().request(SHOP_DESIGN);
    expect(store.getState().confirmation).toBe('Create table Shop and write 8 items in DynamoDB Local http://localhost:8000 · us-east-1 · key keylab?');
    expect((await remote.listTables({})).TableNames).toEqual([]);
    await store.getState().confirm();
    expect(store.getState()).toMatchObject({ running: false, loadedInto: 'connection', confirmation: undefined });
    expect((await remote.scan({ TableName: 'Shop' })).Count).toBe(8);
  });

  it('on AWS asks with the region and endpoint, and that answer is the write confirmation: the load goes through (and only after Confirm)', async () => {
    const engine = createLocalDynamoDB();
    const target: RemoteLoadTarget = { source: asAwsSource(engine), where: 'AWS eu-west-1 · key AKIAEXAMPLE' };
    const store = createLoadIntoTableStore({ openBuiltIn: () => Promise.reject(new Error('not this one')), remoteTarget: () => target, sleep: noWait });
    store.getState().setTarget('connection');
    await store.getState().request(SHOP_DESIGN);
    expect(store.getState().confirmation).toBe(
      `Create table Shop and write 8 items in AWS eu-west-1 · key AKIAEXAMPLE (AWS region ${AWS_TARGET.region}, endpoint ${AWS_TARGET.endpoint}: this changes real data in that account and may cost money)?`,
    );
    expect((await engine.listTables({})).TableNames).toEqual([]);
    await store.getState().confirm();
    expect(store.getState().error).toBeUndefined();
    expect((await engine.scan({ TableName: 'Shop' })).Count).toBe(8);
  });

  it('writes nothing when cancelled, or when the connection changed while asking', async () => {
    const first = createLocalDynamoDB();
    let current: DynamoDBDataSource = first;
    const store = createLoadIntoTableStore({
      openBuiltIn: () => Promise.reject(new Error('no')),
      remoteTarget: () => ({ source: current, where: 'here' }),
      sleep: noWait,
    });
    store.getState().setTarget('connection');
    await store.getState().request(SHOP_DESIGN);
    store.getState().cancel();
    await store.getState().confirm();
    expect((await first.listTables({})).TableNames).toEqual([]);
    await store.getState().request(SHOP_DESIGN);
    current = createLocalDynamoDB();
    await store.getState().confirm();
    expect(store.getState().error).toContain('connection changed');
    expect((await first.listTables({})).TableNames).toEqual([]);
    expect((await current.listTables({})).TableNames).toEqual([]);
  });

  it('refuses a Read-only connection with READ_ONLY_TARGET and says how to change it, asking nothing and writing nothing', async () => {
    const engine = createLocalDynamoDB();
    const where = 'DynamoDB Local http://localhost:8000 · us-east-1 · key keylab · read-only';
    const store = createLoadIntoTableStore({
      openBuiltIn: () => Promise.reject(new Error('not this one')),
      remoteTarget: () => ({ source: readOnlyDataSource(engine, 'Local'), where }),
      sleep: noWait,
    });
    store.getState().setTarget('connection');
    await store.getState().request(SHOP_DESIGN);
    expect(store.getState()).toMatchObject({ errorCode: 'READ_ONLY_TARGET', confirmation: undefined, running: false });
    expect(store.getState().error).toBe(readOnlyTargetMessage(where));
    expect(store.getState().error).toContain(`(${where}) is marked Read-only, so it refuses writes`);
    expect(store.getState().error).toContain('untick “Read-only” in the Table explorer’s connection panel and Connect again');
    await store.getState().confirm();
    expect((await engine.listTables({})).TableNames).toEqual([]);
    // Choosing the built-in table instead clears the error and its code.
    store.getState().setTarget('builtIn');
    expect(store.getState().errorCode).toBeUndefined();
  });

  it('says so when there is no connection to load into', async () => {
    const store = createLoadIntoTableStore({ openBuiltIn: () => Promise.reject(new Error('no')), remoteTarget: () => undefined });
    store.getState().setTarget('connection');
    await store.getState().request(SHOP_DESIGN);
    expect(store.getState().error).toContain('not connected');
  });
});
