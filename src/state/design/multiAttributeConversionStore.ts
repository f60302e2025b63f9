import { createStore, type StoreApi } from 'zustand/vanilla';
import { convertToMultiAttributeGsi, type Design, type MultiAttributeConversion, type MultiAttributeConversionResult } from '../../design';
import type { DesignStore } from './designStore';
import { planConversionCarryOut, type ConversionCarryOut } from './multiAttributeCarryOut';

/** The conversion being previewed: which GSI, under which name, and what it would do. */
export interface ConversionPreview {
  readonly designId: string;
  readonly table: string;
  readonly index: string;
  /** The converted GSI's name as typed ('' or the same name: it keeps its name). */
  readonly newIndexName: string;
  /** The design the preview was computed from (Apply recomputes if it changed meanwhile). */
  readonly design: Design;
  readonly result: MultiAttributeConversionResult;
}

/** After Apply: the conversion made and how to carry it out on a table. */
export interface AppliedConversion {
  readonly designId: string;
  readonly designName: string;
  readonly conversion: MultiAttributeConversion;
  readonly carryOut: ConversionCarryOut;
}

export interface MultiAttributeConversionState {
  /** Open: the Multi-attribute conversion preview shows it. */
  readonly preview?: ConversionPreview;
  /** Applied: the preview shows how to carry it out instead. */
  readonly applied?: AppliedConversion;
  /** Why Apply changed nothing. */
  readonly problem?: string;
}

export interface MultiAttributeConversionActions {
  /** Previews converting GSI `index` of `table` in the design (nothing changes until apply). */
  open(designId: string, table: string, index: string): void;
  /** Previews the conversion under another index name (a new GSI next to the old one). */
  setNewIndexName(name: string): void;
  /** Changes the design (one edit: a new revision, kept in Versions) and shows how to carry it out. False when nothing changed. */
  apply(): boolean;
  /** Closes the preview (Cancel: the design stays untouched); an applied conversion's carry-out stays. */
  close(): void;
  /** Forgets the applied conversion's carry-out. */
  dismissCarryOut(): void;
}

export type MultiAttributeConversionStore = StoreApi<MultiAttributeConversionState & MultiAttributeConversionActions>;

/**
 * The Design tab's one-click multi-attribute conversion: preview
 * (convertToMultiAttributeGsi on the saved design), Apply (one updateDesign)
 * or Cancel, then what carrying it out on a table takes
 * (planConversionCarryOut).
 */
export function createMultiAttributeConversionStore({ designs }: { designs: DesignStore }): MultiAttributeConversionStore {
  const designOf = (designId: string) => designs.getState().designs.find((saved) => saved.id === designId)?.design;
  const preview = (designId: string, design: Design, table: string, index: string, newIndexName: string): ConversionPreview => ({
    designId,
    table,
    index,
    newIndexName,
    design,
    result: convertToMultiAttributeGsi(design, {
      table,
      index,
      ...(newIndexName.trim() && newIndexName.trim() !== index ? { newIndexName: newIndexName.trim() } : {}),
    }),
  });

  return createStore<MultiAttributeConversionState & MultiAttributeConversionActions>()((set, get) => ({
    open: (designId, table, index) => {
      const design = designOf(designId);
      if (!design) return set({ preview: undefined, applied: undefined, problem: 'The design is no longer in the Designs list.' });
      set({ preview: preview(designId, design, table, index, index), applied: undefined, problem: undefined });
    },
    setNewIndexName: (name) => {
      const current = get().preview;
      if (!current) return;
      set({ preview: preview(current.designId, designOf(current.designId) ?? current.design, current.table, current.index, name), problem: undefined });
    },
    apply: () => {
      const current = get().preview;
      if (!current) return false;
      const design = designOf(current.designId);
      if (!design) {
        set({ problem: 'The design is no longer in the Designs list: nothing was changed.' });
        return false;
      }
      // The design changed since the preview (another tab, an edit): convert what is there now, and show that.
      const fresh = design === current.design ? current : preview(current.designId, design, current.table, current.index, current.newIndexName);
      if (!fresh.result.ok) {
        set({ preview: fresh, problem: `Nothing was changed: ${fresh.result.message}` });
        return false;
      }
      const { design: converted, conversion } = fresh.result;
      designs.getState().updateDesign(current.designId, (latest) => (latest === design ? converted : latest));
      if (designOf(current.designId) === design) {
        set({ problem: 'The design changed while converting: nothing was changed. Open the conversion again.' });
        return false;
      }
      set({
        preview: undefined,
        problem: undefined,
        applied: { designId: current.designId, designName: converted.name, conversion, carryOut: planConversionCarryOut(converted.name, conversion) },
      });
      return true;
    },
    close: () => set({ preview: undefined, problem: undefined }),
    dismissCarryOut: () => set({ applied: undefined }),
  }));
}
