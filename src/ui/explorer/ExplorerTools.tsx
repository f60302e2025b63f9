import type { ExplorerStore } from '../../state';
import { ByteInspector } from './ByteInspector';
import { GenerateItems } from './GenerateItems';
import { OrderComparison } from './OrderComparison';
import './explorerTools.css';

/** The explorer's tools below the grid: byte inspector, order comparison, item generator. */
export function ExplorerTools({ store }: { store: ExplorerStore }) {
  return (
    <div className="explorer-tools">
      <ByteInspector store={store} />
      <OrderComparison store={store} />
      <GenerateItems store={store} />
    </div>
  );
}
