import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BindingChoice } from './designBinding';

/**
 * The Key design the user picked for each explorer table, by table name
 * (a table without an entry is bound automatically). Saved in the browser.
 */
export interface DesignBindingState {
  readonly choices: Readonly<Record<string, BindingChoice>>;
}

export interface DesignBindingActions {
  /** Remembers the choice for a table; undefined goes back to the automatic binding. */
  choose(tableName: string, choice: BindingChoice | undefined): void;
}

export type DesignBindingStore = StoreApi<DesignBindingState & DesignBindingActions>;

export const DESIGN_BINDINGS_STORAGE_KEY = 'keylab.designBindings';

/** A saved choice, checked: saved data is untrusted (hand edits, older versions). */
function isChoice(value: unknown): value is BindingChoice {
  if (value === 'none') return true;
  if (typeof value !== 'object' || value === null) return false;
  const { designId, tableName } = value as Record<string, unknown>;
  return typeof designId === 'string' && typeof tableName === 'string' && designId.length <= 200 && tableName.length <= 255;
}

/**
 * Creates the bindings store; with `storage` the choices survive a reload.
 *
 * @example
 * const bindings = createDesignBindingStore();
 * bindings.getState().choose("AuditLog", "none");
 */
export function createDesignBindingStore(options: { readonly storage?: StateStorage } = {}): DesignBindingStore {
  const create = (set: DesignBindingStore['setState']): DesignBindingState & DesignBindingActions => ({
    choices: {},
    choose: (tableName, choice) =>
      set((state) => {
        const { [tableName]: _previous, ...others } = state.choices;
        return { choices: choice === undefined ? others : { ...others, [tableName]: choice } };
      }),
  });
  if (!options.storage) return createStore<DesignBindingState & DesignBindingActions>()(create);
  const storage = options.storage;
  return createStore<DesignBindingState & DesignBindingActions>()(
    persist(create, {
      name: DESIGN_BINDINGS_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => storage),
      partialize: (state): DesignBindingState => ({ choices: state.choices }),
      merge: (persisted, current) => {
        const saved = typeof persisted === 'object' && persisted !== null ? (persisted as { choices?: unknown }).choices : undefined;
        if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return current;
        const choices = Object.fromEntries(
          Object.entries(saved)
            .filter((entry): entry is [string, BindingChoice] => isChoice(entry[1]))
            .slice(0, 1000),
        );
        return { ...current, choices };
      },
    }),
  );
}
