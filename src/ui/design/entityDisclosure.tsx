import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * Which entity editors are open. A design with more than
 * {@link OPEN_ENTITIES_UP_TO} entities opens on its editors collapsed (the
 * overview above them says what each holds); one the user opens, or a jump
 * from the overview lands on, stays open while the design is shown.
 */
export const OPEN_ENTITIES_UP_TO = 3;

interface EntityDisclosureState {
  /** By entityDisclosureKey; absent: the default. */
  readonly open: Readonly<Record<string, boolean>>;
}

export interface EntityDisclosure {
  readonly store: StoreApi<EntityDisclosureState>;
  /** Whether an editor not opened or closed yet is open. */
  readonly openByDefault: boolean;
}

export function createEntityDisclosureStore(): StoreApi<EntityDisclosureState> {
  return createStore<EntityDisclosureState>()(() => ({ open: {} }));
}

export function entityDisclosureKey(designId: string, table: string, entity: string): string {
  return `${designId}\u0000${table}\u0000${entity}`;
}

export function setEntityOpen(disclosure: EntityDisclosure, key: string, open: boolean): void {
  disclosure.store.setState((state) => ({ open: { ...state.open, [key]: open } }));
}

const EntityDisclosureContext = createContext<EntityDisclosure | undefined>(undefined);

export function EntityDisclosureProvider({ value, children }: { value: EntityDisclosure; children: ReactNode }) {
  return <EntityDisclosureContext value={value}>{children}</EntityDisclosureContext>;
}

const fallbackStore = createEntityDisclosureStore();

/** Whether the entity's editor is open, and a setter (outside a provider: open, as before editors could collapse). */
export function useEntityOpen(key: string): readonly [boolean, (open: boolean) => void] {
  const disclosure = useContext(EntityDisclosureContext);
  const stored = useStore(disclosure?.store ?? fallbackStore, (state) => state.open[key]);
  const open = stored ?? disclosure?.openByDefault ?? true;
  const set = (next: boolean) => (disclosure ? setEntityOpen(disclosure, key, next) : undefined);
  return [open, set] as const;
}
