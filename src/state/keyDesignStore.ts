import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  parseKeyTemplate,
  printKeyTemplate,
  templateFields,
  type FieldFormat,
  type FieldSegment,
  type KeyFinding,
  type KeyTemplate,
  type KeyType,
  type ReadDirection,
  type SampleRow,
  type TemplateSegment,
} from '../keys';
import { LEADERBOARD_ROWS, LEADERBOARD_TEMPLATE, suggestSampleValue } from './sampleValues';

/**
 * The key builder's state: the key design (template text, read direction,
 * width-advisor inputs) and the sample rows it is tried on.
 *
 * Only the design persists: sample rows are scratch data that a reload resets
 * to the article's leaderboard (plus suggested values for the design's fields).
 */
export interface KeyDesignState {
  /** The template as the user typed it, valid or not. */
  readonly templateText: string;
  /** The last template text that parsed; the segment editor and the orders show it. */
  readonly template: KeyTemplate;
  /** Why `templateText` doesn't parse; empty when it does. */
  readonly templateFindings: readonly KeyFinding[];
  readonly sampleRows: readonly SampleRow[];
  readonly direction: ReadDirection;
  /** The declared type of the key attribute the template is for (S when absent): the intended order asks it (an N key is a number). */
  readonly keyType?: KeyType;
  /**
   * The width advisor's largest value of each padded numeric field, as typed
   * (valid or not); a field without an entry takes the largest of its samples.
   */
  readonly advisorLargestValues: Readonly<Record<string, string>>;
  readonly advisorHeadroomDigits: string;
}

export interface KeyDesignActions {
  setTemplateText(text: string): void;
  /** Replaces the segments; the template text is reprinted from them. */
  setSegments(segments: readonly TemplateSegment[]): void;
  setSampleValue(rowId: string, field: string, value: string): void;
  addSampleRow(): void;
  removeSampleRow(rowId: string): void;
  setDirection(direction: ReadDirection): void;
  /** The largest value the user expects for one field, as typed. */
  setAdvisorLargestValue(fieldName: string, text: string): void;
  /** Forgets the typed largest value of a field: it follows the samples again. */
  clearAdvisorLargestValue(fieldName: string): void;
  setAdvisorHeadroom(text: string): void;
  /** Sets the width of a padded field to `width` (the integer digits of a decimal field). */
  applyWidth(fieldName: string, width: number): void;
  /** Replaces a field's format (e.g. the padded format suggested for numbers stored as text). */
  setFieldFormat(fieldName: string, format: FieldFormat): void;
  /** Back to the article's leaderboard design and rows. */
  reset(): void;
}

export type KeyDesignStore = StoreApi<KeyDesignState & KeyDesignActions>;

/** The part of the state that is saved, under {@link KEY_DESIGN_STORAGE_KEY}. */
type PersistedDesign = Pick<KeyDesignState, 'templateText' | 'direction' | 'advisorLargestValues' | 'advisorHeadroomDigits'>;

export const KEY_DESIGN_STORAGE_KEY = 'keylab.keyDesign';

const DEFAULT_TEMPLATE = parseOrThrow(LEADERBOARD_TEMPLATE);

function initialState(): KeyDesignState {
  return {
    templateText: LEADERBOARD_TEMPLATE,
    template: DEFAULT_TEMPLATE,
    templateFindings: [],
    sampleRows: LEADERBOARD_ROWS,
    direction: 'ascending',
    // The article: scores up to ten million, two digits of headroom.
    advisorLargestValues: { score: '10000000' },
    advisorHeadroomDigits: '2',
  };
}

/**
 * Creates a key-design store. Pass `storage` (localStorage in the browser, an
 * in-memory map in tests) to persist the design; without it nothing is saved.
 *
 * @example
 * const store = createKeyDesignStore();
 * store.getState().setTemplateText("EVT#{at:iso}");
 */
export function createKeyDesignStore(options: { storage?: StateStorage } = {}): KeyDesignStore {
  const { storage } = options;
  const create = (set: StoreApi<KeyDesignState & KeyDesignActions>['setState']): KeyDesignState & KeyDesignActions => ({
    ...initialState(),
    setTemplateText: (text) => set((state) => withTemplateText(state, text)),
    setSegments: (segments) => set((state) => withTemplateText(state, printKeyTemplate({ segments }))),
    setSampleValue: (rowId, field, value) =>
      set((state) => ({
        sampleRows: state.sampleRows.map((row) => (row.id === rowId ? { ...row, values: { ...row.values, [field]: value } } : row)),
      })),
    addSampleRow: () =>
      set((state) => {
        const index = state.sampleRows.length;
        const values = Object.fromEntries(templateFields(state.template).map((field) => [field.name, suggestSampleValue(field, index)]));
        return { sampleRows: [...state.sampleRows, { id: nextRowId(state.sampleRows), values }] };
      }),
    removeSampleRow: (rowId) => set((state) => ({ sampleRows: state.sampleRows.filter((row) => row.id !== rowId) })),
    setDirection: (direction) => set({ direction }),
    setAdvisorLargestValue: (fieldName, text) => set((state) => ({ advisorLargestValues: { ...state.advisorLargestValues, [fieldName]: text } })),
    clearAdvisorLargestValue: (fieldName) =>
      set((state) => ({ advisorLargestValues: Object.fromEntries(Object.entries(state.advisorLargestValues).filter(([name]) => name !== fieldName)) })),
    setAdvisorHeadroom: (text) => set({ advisorHeadroomDigits: text }),
    applyWidth: (fieldName, width) =>
      set((state) =>
        withFieldFormat(state, fieldName, (format) => {
          if (format.kind === 'int' || format.kind === 'sint' || format.kind === 'epoch') return { ...format, width };
          if (format.kind === 'dec') return { ...format, integerDigits: width };
          return format;
        }),
      ),
    setFieldFormat: (fieldName, format) => set((state) => withFieldFormat(state, fieldName, () => format)),
    reset: () => set(initialState()),
  });

  if (!storage) return createStore<KeyDesignState & KeyDesignActions>()((set) => create(set));
  return createStore<KeyDesignState & KeyDesignActions>()(
    persist((set) => create(set), {
      name: KEY_DESIGN_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => storage),
      partialize: (state): PersistedDesign => ({
        templateText: state.templateText,
        direction: state.direction,
        advisorLargestValues: state.advisorLargestValues,
        advisorHeadroomDigits: state.advisorHeadroomDigits,
      }),
      // Saved data is untrusted (older versions, hand edits): take only well-typed fields, and re-derive the rest.
      merge: (persisted, current) => {
        const saved = (typeof persisted === 'object' && persisted !== null ? persisted : {}) as Partial<Record<keyof PersistedDesign, unknown>>;
        let next = { ...current };
        if (typeof saved.templateText === 'string') next = { ...next, ...withTemplateText(next, saved.templateText) };
        if (saved.direction === 'ascending' || saved.direction === 'descending') next.direction = saved.direction;
        // (Designs saved before per-field largest values kept one advisorLargestValue for every field: it is dropped.)
        if (isTextRecord(saved.advisorLargestValues)) next.advisorLargestValues = saved.advisorLargestValues;
        if (typeof saved.advisorHeadroomDigits === 'string') next.advisorHeadroomDigits = saved.advisorHeadroomDigits;
        return next;
      },
    }),
  );
}

/**
 * The state after the template text changes: parsed when valid (rows get
 * suggested values for new fields), findings when not, and the last valid
 * template kept so the rest of the screen stays useful while the user types.
 */
function withTemplateText(state: KeyDesignState, text: string): Partial<KeyDesignState> {
  const parsed = parseKeyTemplate(text);
  if (!parsed.ok) return { templateText: text, templateFindings: parsed.findings };
  return {
    templateText: text,
    template: parsed.value,
    templateFindings: [],
    sampleRows: fillMissingValues(state.sampleRows, templateFields(parsed.value)),
  };
}

/** The state after one field's format changes (the template text is reprinted). */
function withFieldFormat(state: KeyDesignState, fieldName: string, change: (format: FieldFormat) => FieldFormat): Partial<KeyDesignState> {
  const segments = state.template.segments.map((segment) =>
    segment.kind === 'field' && segment.name === fieldName ? { ...segment, format: change(segment.format) } : segment,
  );
  return withTemplateText(state, printKeyTemplate({ segments }));
}

/** Saved per-field text: a plain object of a sane size whose values are strings. */
function isTextRecord(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= 256 && entries.every(([name, text]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && typeof text === 'string' && text.length <= 400);
}

function fillMissingValues(rows: readonly SampleRow[], fields: readonly FieldSegment[]): readonly SampleRow[] {
  const missing = fields.filter((field) => rows.every((row) => row.values[field.name] === undefined));
  if (missing.length === 0) return rows;
  return rows.map((row, index) => ({
    ...row,
    values: { ...row.values, ...Object.fromEntries(missing.map((field) => [field.name, suggestSampleValue(field, index)])) },
  }));
}

function nextRowId(rows: readonly SampleRow[]): string {
  const used = new Set(rows.map((row) => row.id));
  let n = rows.length + 1;
  while (used.has(`row-${n}`)) n++;
  return `row-${n}`;
}

function parseOrThrow(text: string): KeyTemplate {
  const parsed = parseKeyTemplate(text);
  if (!parsed.ok) throw new Error(`Built-in template does not parse: ${text}`);
  return parsed.value;
}
