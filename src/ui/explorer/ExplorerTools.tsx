import type { ExplorerStore } from '../../state';
import { ByteInspector } from './ByteInspector';
import { GenerateItems } from './GenerateItems';
import { StoredOrderComparison } from './StoredOrderComparison';
import './explorerTools.css';

/** The explorer's tools below the grid: byte inspector, order comparison, item generator. */
export function ExplorerTools({ store }: { store: ExplorerStore }) {
  return (
    <div className="explorer-tools">
      <ByteInspector store={store} />
      <StoredOrderComparison store={store} />
      <GenerateItems store={store} />
    </div>
  );
}
