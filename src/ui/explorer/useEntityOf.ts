import { useMemo } from 'react';
import { useStore } from 'zustand';
import { entityRecogniserFor, type EntityRecogniser } from '../../design';
import type { DesignBinding, ExplorerStore, Item } from '../../state';

/**
 * The recogniser for the rows read now: through the index when the bound
 * design knows it, else by the table's keys (which every item carries).
 */
export function recogniserFor(binding: DesignBinding | undefined, indexName: string): EntityRecogniser | undefined {
  if (!binding) return undefined;
  const known = indexName !== '' && binding.table.indexes.some((index) => index.name === indexName);
  return entityRecogniserFor(binding.table, known ? indexName : undefined);
}

/** Each row's entity name by its keys, or undefined without a bound design (no Entity column then). */
export function useEntityOf(store: ExplorerStore): ((item: Item) => string | undefined) | undefined {
  const binding = useStore(store, (state) => state.designBinding);
  const indexName = useStore(store, (state) => state.form.indexName);
  return useMemo(() => {
    const recogniser = recogniserFor(binding, indexName);
    if (!recogniser) return undefined;
    // Rows are re-rendered while scrolling: each item is recognised once.
    const names = new WeakMap<Item, string | null>();
    return (item: Item) => {
      let name = names.get(item);
      if (name === undefined) names.set(item, (name = recogniser.entityOf(item)?.name ?? null));
      return name ?? undefined;
    };
  }, [binding, indexName]);
}
