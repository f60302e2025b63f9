import { createStore } from 'zustand/vanilla';
import {
  addSample,
  composeChanges,
  fillSampleValues,
  findEntity,
  keyAttributesOf,
  removeSample,
  setEntityKeyTemplate,
  setExpectations,
  setSampleValue,
  type EntityDesign,
  type DesignChange,
  type TableDesign,
  keyTemplateOf,
} from '../../design';
import {
  adviseWidth,
  parseKeyTemplate,
  printKeyTemplate,
  templateFields,
  type FieldFormat,
  type KeyFinding,
  type KeyTemplate,
  type ReadDirection,
  type SampleRow,
} from '../../keys';
import type { KeyDesignActions, KeyDesignState, KeyDesignStore } from '../keyDesignStore';
import { parseCount } from '../parseCount';
import { suggestSampleValue } from '../sampleValues';
import type { DesignStore } from './designStore';

/**
 * The key builder's store, for one key template of one entity of a saved
 * design: what the segment editor, template field, sample table, width
 * advisor, order comparison and module export read and dispatch to
 * (KeyDesignState & KeyDesignActions), loaded from the design and written
 * back to it. The design holds only valid templates and valid expectations;
 * what the user types that is not valid yet (a template with an unclosed
 * brace, a largest value "5x", a headroom "x") stays here as a draft, with
 * its findings, until it is fixed. The read direction is this screen's own
 * (a design records directions in its access patterns).
 */
export interface TemplateRef {
  readonly designId: string;
  readonly tableName: string;
  readonly entityName: string;
  /** The key attribute the template is for (`SK`, `GSI1PK`…). */
  readonly attribute: string;
}

export interface TemplateAdapterOptions {
  /** Called with each valid template the user commits (the explorer follows the last sort-key template edited). */
  readonly onCommitTemplate?: (text: string) => void;
  /** For "Reset": put the leaderboard example back. */
  readonly exampleId?: string;
}

interface Drafts {
  templateText?: string;
  largestValues: Record<string, string>;
  headroom?: string;
  direction: ReadDirection;
}

export type TemplateAdapterStore = KeyDesignStore & { connect(): () => void };

const EMPTY_TEMPLATE: KeyTemplate = { segments: [] };
const NO_FINDINGS: readonly KeyFinding[] = [];

/**
 * Creates the adapter. `connect()` makes it follow the design (edits made
 * elsewhere, a reset) and returns the function that stops it: call it from
 * an effect, so React's double-run in development leaves no subscription behind.
 *
 * @example
 * const sk = createTemplateAdapterStore(stores.designs, { designId, tableName: "Shop", entityName: "Order", attribute: "SK" });
 * sk.getState().setTemplateText("ORDER#{at:iso(ms)}#{orderId}"); // written to the design
 */
export function createTemplateAdapterStore(designs: DesignStore, ref: TemplateRef, options: TemplateAdapterOptions = {}): TemplateAdapterStore {
  const { designId, tableName, entityName, attribute } = ref;
  const locate = (): { table: TableDesign; entity: EntityDesign } | undefined => {
    const table = designs
      .getState()
      .designs.find((saved) => saved.id === designId)
      ?.design.tables.find((entry) => entry.name === tableName);
    const entity = table && findEntity(table, entityName);
    return table && entity ? { table, entity } : undefined;
  };
  const update = (change: DesignChange) => designs.getState().updateDesign(designId, change);

  let drafts: Drafts = { largestValues: {}, direction: 'ascending' };
  let lastTemplate: KeyTemplate = EMPTY_TEMPLATE;
  let lastText: string | undefined;
  let findings: readonly KeyFinding[] = NO_FINDINGS;
  let lastCommitted: string | undefined;
  let lastSamples: EntityDesign['samples'] | undefined;
  let rows: readonly SampleRow[] = [];
  let lastLargest: EntityExpectationsLargest | undefined;
  let largest: Readonly<Record<string, string>> = {};

  /** The state the components read, derived from the entity and the drafts (objects kept while their inputs are). */
  const derive = (): KeyDesignState => {
    const found = locate();
    const entity = found?.entity;
    const committed = keyTemplateOf(entity, attribute) ?? '';
    // The design's template changed underneath (another control, a reset): drop the draft.
    if (committed !== lastCommitted) {
      lastCommitted = committed;
      drafts = { ...drafts, templateText: undefined };
    }
    const text = drafts.templateText ?? committed;
    // Parsed only when the text changed: the design changes on every keystroke in any
    // template, and a new template object would re-render every entity's key builder.
    if (text !== lastText) {
      lastText = text;
      const parsed = parseKeyTemplate(text);
      findings = parsed.ok ? NO_FINDINGS : parsed.findings;
      if (parsed.ok) lastTemplate = parsed.value;
      else if (drafts.templateText === undefined) {
        const fallback = parseKeyTemplate(committed);
        lastTemplate = fallback.ok ? fallback.value : EMPTY_TEMPLATE;
      }
    }
    if (entity?.samples !== lastSamples) {
      lastSamples = entity?.samples;
      rows = (entity?.samples ?? []).map((sample) => ({ id: sample.id, values: sample.values }));
    }
    const expectations = entity?.expectations;
    if (expectations?.largestValues !== lastLargest || Object.keys(drafts.largestValues).length > 0) {
      lastLargest = expectations?.largestValues;
      const merged = { ...(expectations?.largestValues ?? {}), ...drafts.largestValues };
      if (!sameRecord(merged, largest)) largest = merged;
    }
    return {
      templateText: text,
      template: lastTemplate,
      templateFindings: findings,
      sampleRows: rows,
      direction: drafts.direction,
      advisorLargestValues: largest,
      advisorHeadroomDigits: drafts.headroom ?? String(expectations?.headroomDigits ?? 2),
      keyType: (found && keyAttributesOf(found.table).find((key) => key.name === attribute)?.type) ?? 'S',
    };
  };

  const store = createStore<KeyDesignState & KeyDesignActions>()((set, get) => {
    const refresh = () => set(derive());
    const setDrafts = (next: Partial<Drafts>) => {
      drafts = { ...drafts, ...next };
      refresh();
    };
    /** Every field of the entity's templates (with the template being typed counted as committed). */
    const entityFields = (template?: KeyTemplate) => {
      const found = locate();
      const fields = new Map<string, ReturnType<typeof templateFields>[number]>();
      for (const [name, text] of Object.entries(found?.entity.keys ?? {})) {
        const parsed = name === attribute && template ? { ok: true as const, value: template } : parseKeyTemplate(text);
        if (parsed.ok) for (const field of templateFields(parsed.value)) if (!fields.has(field.name)) fields.set(field.name, field);
      }
      return [...fields.values()];
    };
    const commitTemplateText = (text: string) => {
      const parsed = parseKeyTemplate(text);
      if (!parsed.ok) return setDrafts({ templateText: text });
      const fields = templateFields(parsed.value);
      drafts = { ...drafts, templateText: undefined };
      update(
        composeChanges(
          setEntityKeyTemplate(tableName, entityName, attribute, text),
          fillSampleValues(
            tableName,
            entityName,
            fields.map((field) => field.name),
            (name, index) => {
              const field = fields.find((entry) => entry.name === name);
              return field ? suggestSampleValue(field, index) : '';
            },
          ),
        ),
      );
      refresh();
      options.onCommitTemplate?.(text);
    };
    const withFieldFormat = (fieldName: string, change: (format: FieldFormat) => FieldFormat) => {
      const segments = get().template.segments.map((segment) =>
        segment.kind === 'field' && segment.name === fieldName ? { ...segment, format: change(segment.format) } : segment,
      );
      commitTemplateText(printKeyTemplate({ segments }));
    };
    const setLargest = (values: Readonly<Record<string, string>>) => update(setExpectations(tableName, entityName, { largestValues: values }));
    const committedLargest = () => locate()?.entity.expectations.largestValues ?? {};
    return {
      ...derive(),
      setTemplateText: commitTemplateText,
      setSegments: (segments) => commitTemplateText(printKeyTemplate({ segments })),
      setSampleValue: (rowId, field, value) => update(setSampleValue(tableName, entityName, rowId, field, value)),
      addSampleRow: () => {
        const index = locate()?.entity.samples.length ?? 0;
        const values = Object.fromEntries(entityFields(get().template).map((field) => [field.name, suggestSampleValue(field, index)]));
        update(addSample(tableName, entityName, values));
      },
      removeSampleRow: (rowId) => update(removeSample(tableName, entityName, rowId)),
      setDirection: (direction) => setDrafts({ direction }),
      setAdvisorLargestValue: (fieldName, text) => {
        const { [fieldName]: _dropped, ...otherDrafts } = drafts.largestValues;
        if (
          text.trim() !== '' &&
          adviseWidth(
            text
              .trim()
              .replace(/^-/, '')
              .replace(/\.\d*$/, ''),
            '0',
          ).ok
        ) {
          drafts = { ...drafts, largestValues: otherDrafts };
          setLargest({ ...committedLargest(), [fieldName]: text });
          refresh();
        } else setDrafts({ largestValues: { ...otherDrafts, [fieldName]: text } });
      },
      clearAdvisorLargestValue: (fieldName) => {
        const { [fieldName]: _draft, ...otherDrafts } = drafts.largestValues;
        drafts = { ...drafts, largestValues: otherDrafts };
        const { [fieldName]: _committed, ...others } = committedLargest();
        setLargest(others);
        refresh();
      },
      setAdvisorHeadroom: (text) => {
        const count = parseCount(text, { label: 'Headroom digits', min: 0, max: 20 });
        if (!count.ok) return setDrafts({ headroom: text });
        drafts = { ...drafts, headroom: text === String(count.value) ? undefined : text };
        update(setExpectations(tableName, entityName, { headroomDigits: count.value }));
        refresh();
      },
      applyWidth: (fieldName, width) =>
        withFieldFormat(fieldName, (format) => {
          if (format.kind === 'int' || format.kind === 'sint' || format.kind === 'epoch') return { ...format, width };
          if (format.kind === 'dec') return { ...format, integerDigits: width };
          return format;
        }),
      // A suggested format is for text that holds numbers or dates: an N or B attribute already stores what it means.
      setFieldFormat: (fieldName, format) => {
        if ((get().keyType ?? 'S') === 'S') withFieldFormat(fieldName, () => format);
      },
      reset: () => designs.getState().resetExample(options.exampleId ?? 'example-leaderboard'),
    };
  });

  return Object.assign(store, {
    connect: () => {
      store.setState(derive());
      // Another entity's edit derives the same state: no notification, so no selector runs.
      return designs.subscribe(() => {
        const next = derive();
        const current = store.getState();
        if ((Object.keys(next) as (keyof KeyDesignState)[]).some((key) => next[key] !== current[key])) store.setState(next);
      });
    },
  });
}

type EntityExpectationsLargest = EntityDesign['expectations']['largestValues'];

function sameRecord(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
