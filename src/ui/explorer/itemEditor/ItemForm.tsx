import { emptyFormValue, FORM_TYPES, type FormEntry, type FormValue } from '../../../items';
import type { AttributeType } from '../../../expressions';
import { VisibleText } from '../../common/VisibleText';
import { visibleString } from '../../common/visibleText';

/**
 * The item editor's typed form: each attribute a name, a type and a value,
 * nested for L and M, sets as lists of members. Every value stays text while
 * typed (numbers keep every digit; strings keep line breaks: a textarea).
 * Controls are named by their attribute path (`address.city`, `tags[1]`),
 * so a screen reader and a test can tell them apart.
 */

const TYPE_NAMES: Record<AttributeType, string> = {
  S: 'S (string)',
  N: 'N (number)',
  B: 'B (binary)',
  BOOL: 'BOOL',
  NULL: 'NULL',
  SS: 'SS (string set)',
  NS: 'NS (number set)',
  BS: 'BS (binary set)',
  L: 'L (list)',
  M: 'M (map)',
};

/** A new type for a value, keeping what carries over (the text among S/N/B, the members among sets). */
function retyped(value: FormValue, type: AttributeType): FormValue {
  const next = emptyFormValue(type);
  if ('text' in value && 'text' in next) return { ...next, text: value.text };
  if ('members' in value && 'members' in next) return { ...next, members: value.members };
  return next;
}

const replaceAt = <T,>(list: readonly T[], index: number, value: T): T[] => list.map((old, i) => (i === index ? value : old));
const removeAt = <T,>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

function entryPath(parent: string, name: string, index: number): string {
  const shown = name === '' ? `#${index + 1}` : visibleString(name);
  return parent === '' ? shown : `${parent}.${shown}`;
}

/**
 * Text with invisible or reordering characters (U+202E turns "gnp.exe" into "exe.png" in a text
 * box) shown again beside its box with those characters as markers, as the grid shows them; the
 * box keeps the value as it is.
 */
function MarkedText({ text }: { text: string }) {
  if (visibleString(text) === text) return null;
  return (
    <span className="item-form-marked mono small" title="The characters as stored, invisible and direction-changing ones marked">
      <VisibleText text={text} />
    </span>
  );
}

/** The entries of the item (or of an M): name, type, value, Remove; then Add attribute. */
export function FormEntries({ entries, path, onChange }: { entries: readonly FormEntry[]; path: string; onChange: (entries: FormEntry[]) => void }) {
  const where = path === '' ? '' : ` of ${path}`;
  return (
    <div className="item-form-entries">
      {entries.map((entry, index) => {
        const here = entryPath(path, entry.name, index);
        return (
          <div key={index} className="item-form-entry">
            <input
              className="mono item-form-name"
              aria-label={`Name of attribute ${index + 1}${where}`}
              value={entry.name}
              onChange={(event) => onChange(replaceAt(entries, index, { ...entry, name: event.target.value }))}
            />
            <MarkedText text={entry.name} />
            <ValueEditor value={entry.value} path={here} onChange={(value) => onChange(replaceAt(entries, index, { ...entry, value }))} />
            <button type="button" className="link-button" aria-label={`Remove attribute ${here}`} onClick={() => onChange(removeAt(entries, index))}>
              Remove
            </button>
          </div>
        );
      })}
      <button type="button" onClick={() => onChange([...entries, { name: '', value: emptyFormValue('S') }])}>
        Add attribute{where}
      </button>
    </div>
  );
}

function TypeSelect({ value, path, onChange }: { value: FormValue; path: string; onChange: (value: FormValue) => void }) {
  return (
    <select aria-label={`Type of ${path}`} value={value.type} onChange={(event) => onChange(retyped(value, event.target.value as AttributeType))}>
      {FORM_TYPES.map((type) => (
        <option key={type} value={type}>
          {TYPE_NAMES[type]}
        </option>
      ))}
    </select>
  );
}

/** One value: its type select and the editor for that type. */
function ValueEditor({ value, path, onChange }: { value: FormValue; path: string; onChange: (value: FormValue) => void }) {
  return (
    <div className="item-form-value">
      <TypeSelect value={value} path={path} onChange={onChange} />
      <TypedValue value={value} path={path} onChange={onChange} />
    </div>
  );
}

function TypedValue({ value, path, onChange }: { value: FormValue; path: string; onChange: (value: FormValue) => void }) {
  switch (value.type) {
    case 'S':
      return (
        <>
          <textarea
            className="mono item-form-text"
            rows={1}
            aria-label={`Value of ${path}`}
            value={value.text}
            onChange={(event) => onChange({ ...value, text: event.target.value })}
          />
          <MarkedText text={value.text} />
        </>
      );
    case 'N':
    case 'B':
      return (
        <input
          className="mono item-form-text"
          aria-label={`Value of ${path}`}
          inputMode={value.type === 'N' ? 'decimal' : 'text'}
          spellCheck={false}
          value={value.text}
          onChange={(event) => onChange({ ...value, text: event.target.value })}
        />
      );
    case 'BOOL':
      return (
        <select aria-label={`Value of ${path}`} value={String(value.value)} onChange={(event) => onChange({ ...value, value: event.target.value === 'true' })}>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case 'NULL':
      return <span className="muted small">null</span>;
    case 'SS':
    case 'NS':
    case 'BS':
      return <SetMembers members={value.members} path={path} onChange={(members) => onChange({ ...value, members })} />;
    case 'L':
      return (
        <div className="item-form-nested">
          {value.items.map((item, index) => (
            <div key={index} className="item-form-entry">
              <span className="muted small">[{index}]</span>
              <ValueEditor value={item} path={`${path}[${index}]`} onChange={(next) => onChange({ ...value, items: replaceAt(value.items, index, next) })} />
              <button
                type="button"
                className="link-button"
                aria-label={`Remove element ${path}[${index}]`}
                onClick={() => onChange({ ...value, items: removeAt(value.items, index) })}
              >
                Remove
              </button>
            </div>
          ))}
          <button type="button" onClick={() => onChange({ ...value, items: [...value.items, emptyFormValue('S')] })}>
            Add element to {path}
          </button>
        </div>
      );
    case 'M':
      return (
        <div className="item-form-nested">
          <FormEntries entries={value.entries} path={path} onChange={(entries) => onChange({ ...value, entries })} />
        </div>
      );
  }
}

function SetMembers({ members, path, onChange }: { members: readonly string[]; path: string; onChange: (members: string[]) => void }) {
  return (
    <div className="item-form-nested">
      {members.map((member, index) => (
        <div key={index} className="item-form-entry">
          <textarea
            className="mono item-form-text"
            rows={1}
            aria-label={`Member ${index + 1} of ${path}`}
            spellCheck={false}
            value={member}
            onChange={(event) => onChange(replaceAt(members, index, event.target.value))}
          />
          <button type="button" className="link-button" aria-label={`Remove member ${index + 1} of ${path}`} onClick={() => onChange(removeAt(members, index))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...members, ''])}>
        Add member to {path}
      </button>
    </div>
  );
}
