import type { MigrateKeysPreparation } from '../../design';
import { useAppStores } from '../stores';

/**
 * Opens the Migrate keys tab (App follows the URL hash) with its store
 * prepared for a structural diff's table-key template change: the diff's
 * table, entity, current and target templates (filled in once the store is
 * built and the explorer shows that table). For StructuralDiffView's onMigrate.
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
