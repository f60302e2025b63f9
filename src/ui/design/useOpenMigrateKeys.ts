import type { MigrateKeysPreparation } from '../../design';
import { useAppStores } from '../stores';

/**
 * Opens the Migrate keys tab (App follows the hash) with its store prepared
 * for a structural diff's table-key template change, once the explorer side
 * is built: the Structural diff's "Open in Migrate keys" button.
 */
export function useOpenMigrateKeys(): (preparation: MigrateKeysPreparation) => void {
  const stores = useAppStores();
  return (preparation) => {
    window.location.hash = 'migrate';
    void stores
      .explorerSide()
      .then((side) => side.explorerTools.migrate())
      .then((migrate) => migrate.getState().prepare(preparation));
  };
}
