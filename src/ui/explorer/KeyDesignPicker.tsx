import { useId, useMemo } from 'react';
import { useStore } from 'zustand';
import { bindingOptions, type ExplorerStore } from '../../state';
import { visibleString } from '../common/visibleText';
import { useDesignBindings, useDesigns } from '../stores';

const NONE = 'none';

/** An option's value: the design id and the table name, as JSON (either may hold any character). */
function optionValue(designId: string, tableName: string): string {
  return JSON.stringify([designId, tableName]);
}

/**
 * The Key design select: which saved design's table describes the table
 * shown (its entities label the rows, its templates drive the order
 * comparison and the builder's field values). Bound automatically by table
 * name and key schema until the user picks; the pick is remembered per table.
 */
export function KeyDesignPicker({ store }: { store: ExplorerStore }) {
  const selectedTable = useStore(store, (state) => state.selectedTable);
  const binding = useStore(store, (state) => state.designBinding);
  const designs = useDesigns((state) => state.designs);
  const choose = useDesignBindings((state) => state.choose);
  const picked = useDesignBindings((state) => (selectedTable === undefined ? undefined : state.choices[selectedTable]));
  const options = useMemo(() => bindingOptions(designs), [designs]);
  const id = useId();
  const hintId = useId();
  if (selectedTable === undefined) return null;
  const value = binding ? optionValue(binding.designId, binding.table.name) : NONE;
  return (
    <div className="picker-row key-design-picker">
      <label htmlFor={id}>Key design</label>
      <select
        id={id}
        value={value}
        aria-describedby={hintId}
        onChange={(event) => {
          if (event.target.value === NONE) return choose(selectedTable, 'none');
          const [designId, tableName] = JSON.parse(event.target.value) as [string, string];
          choose(selectedTable, { designId, tableName });
        }}
      >
        <option value={NONE}>None</option>
        {options.map((option) => (
          <option key={optionValue(option.designId, option.tableName)} value={optionValue(option.designId, option.tableName)}>
            {visibleString(option.label)}
          </option>
        ))}
      </select>
      <span id={hintId} className="muted small">
        {binding?.automatic
          ? 'Chosen for its table name and key schema.'
          : binding
            ? 'Chosen by you for this table.'
            : picked === 'none'
              ? 'No design: rows are not recognised as entities.'
              : 'No saved design has a table with this name and key schema.'}
      </span>
      {picked !== undefined && (
        <button type="button" className="link-button" onClick={() => choose(selectedTable, undefined)}>
          Choose automatically
        </button>
      )}
    </div>
  );
}
