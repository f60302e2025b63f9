import { createStore } from 'zustand/vanilla';
import { createLocalDynamoDB } from '../../../engine';
import { createExplorerStore } from '../../explorerStore';
import { answeredWriteConfirmation } from '../../testing/writeConfirmations';
import { createTransferShared, type TransferSliceApi, type TransferStoreState } from './transferShared';
import type { TransferStoreOptions } from './transferStore.types';

/**
 * One slice of the transfer store on its own: a vanilla store holding only
 * what `slice` makes (plus `canWrite`, which every write action asks), over
 * an explorer showing an Orders table of the built-in engine with `items`
 * items (pk "o", sk 1…items) and a Query of them run.
 */
export async function transferSliceOnItsOwn<T extends object>(
  slice: (api: TransferSliceApi) => T,
  { items = 3, ...options }: Partial<TransferStoreOptions> & { readonly items?: number } = {},
) {
  const engine = createLocalDynamoDB();
  await engine.createTable({
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
  for (let sk = 1; sk <= items; sk++)
    await engine.putItem({ TableName: 'Orders', Item: { pk: { S: 'o' }, sk: { N: String(sk) }, note: { S: `order ${sk}` } } });
  const explorer = createExplorerStore();
  await explorer.getState().connect(engine, 'Engine');
  await explorer.getState().selectTable('Orders');
  explorer.getState().setForm({ mode: 'query', partitionValue: 'o' });
  await explorer.getState().run();
  const shared = createTransferShared({ explorer, canWrite: () => true, confirmWrite: answeredWriteConfirmation(true).confirmWrite, ...options });
  // Only this slice's members (and canWrite): the others' state is absent, as a focused test wants it.
  const store = createStore<TransferStoreState>()(
    (set, get) => ({ canWrite: () => shared.options.canWrite(), ...slice({ set, get, shared }) }) as unknown as TransferStoreState,
  );
  return { engine, explorer, shared, store };
}
