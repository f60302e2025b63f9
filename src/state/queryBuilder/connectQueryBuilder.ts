import type { KeyTemplate } from '../../keys';
import type { ExplorerStore } from '../explorerStore';

/** The part of the key design store the query builder follows: its current template. */
export interface TemplateSource {
  getState(): { readonly template?: KeyTemplate };
  subscribe(listener: (state: { readonly template?: KeyTemplate }, previous: { readonly template?: KeyTemplate }) => void): () => void;
}

/**
 * Keeps the explorer's query builder on the key builder's current template
 * (sort-key bounds typed as field values are encoded with it), from now on,
 * with a store subscription rather than a React effect: it holds with no
 * component mounted, and Run never reads a template one render old.
 * Returns the unsubscribe.
 *
 * @example
 * const disconnect = connectQueryBuilder(explorerStore, keyDesignStore);
 * // … later (tests, teardown):
 * disconnect();
 */
export function connectQueryBuilder(explorer: ExplorerStore, keyDesign: TemplateSource): () => void {
  explorer.getState().setKeyTemplate(keyDesign.getState().template);
  return keyDesign.subscribe((state, previous) => {
    if (state.template !== previous.template) explorer.getState().setKeyTemplate(state.template);
  });
}
