import type { DesignBindingStore } from '../design/binding/designBindingStore';
import { resolveDesignBinding } from '../design/binding/designBinding';
import { sortKeyTemplateOf } from '../design/binding/entityKeyTemplates';
import type { DesignStore } from '../design/designStore';
import { keysOf } from '../explorer/explorerTypes';
import type { ExplorerStore } from '../explorerStore';

/**
 * Keeps the explorer on the design bound to its table: which design table
 * describes it (`designBinding`: the remembered Key design choice, or the
 * saved design with the same table name and key schema), and the template
 * the query builder encodes field-value sort-key bounds with (the bound
 * entity's template for the table's or index's sort key). Store
 * subscriptions rather than React effects: it holds with no component
 * mounted, and Run never reads a template one render old. Returns the
 * unsubscribe.
 *
 * @example
 * const disconnect = connectQueryBuilder(explorerStore, designStore, bindingStore);
 * // … later (tests, teardown):
 * disconnect();
 */
export function connectQueryBuilder(explorer: ExplorerStore, designs: DesignStore, bindings: DesignBindingStore): () => void {
  const update = () => {
    const state = explorer.getState();
    const choice = state.selectedTable === undefined ? undefined : bindings.getState().choices[state.selectedTable];
    const binding = resolveDesignBinding(designs.getState().designs, choice, state.table);
    const current = state.designBinding;
    if (binding?.table !== current?.table || binding?.designId !== current?.designId || binding?.automatic !== current?.automatic)
      state.setDesignBinding(binding);
    const sortKeyName = state.table ? keysOf(state.table, state.form.indexName).sortKey?.name : undefined;
    const next = sortKeyTemplateOf(binding, sortKeyName, state.form.indexName, state.sortEntityName);
    const source = explorer.getState().keyTemplateSource;
    const same =
      next?.template === explorer.getState().keyTemplate &&
      next?.source.entityName === source?.entityName &&
      next?.source.designName === source?.designName &&
      next?.source.entityNames.join('\u0000') === source?.entityNames.join('\u0000');
    if (!same) explorer.getState().setKeyTemplate(next?.template, next?.source);
  };
  update();
  const unsubscribers = [
    // Only what the binding reads: a change made here triggers one more pass that finds nothing to do.
    explorer.subscribe((state, previous) => {
      if (
        state.table !== previous.table ||
        state.selectedTable !== previous.selectedTable ||
        state.form.indexName !== previous.form.indexName ||
        state.sortEntityName !== previous.sortEntityName
      )
        update();
    }),
    designs.subscribe((state, previous) => {
      if (state.designs !== previous.designs) update();
    }),
    bindings.subscribe((state, previous) => {
      if (state.choices !== previous.choices) update();
    }),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
