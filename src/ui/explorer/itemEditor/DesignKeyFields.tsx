import { useId } from 'react';
import type { DesignKeyDraft, ItemEditorStore } from '../../../state';
import { VisibleText } from '../../common/VisibleText';
import { visibleString } from '../../common/visibleText';

/** The shown text of an encoded key attribute (`rankKey = 0000001500#…`). */
function encodedText(value: Readonly<Record<string, unknown>>): string {
  const [type, inner] = Object.entries(value)[0] ?? ['', ''];
  return `${String(inner)} (${type})`;
}

/**
 * Keys from the design (New item on a table bound to a design): the
 * entity, its template fields, and the key they encode to, shown before
 * saving; the step 1 findings when a value does not fit.
 */
export function DesignKeyFields({ store, draft }: { store: ItemEditorStore; draft: DesignKeyDraft }) {
  const { chooseEntity, setFieldValue } = store.getState();
  const id = useId();
  return (
    <fieldset className="item-editor-design-keys">
      <legend>
        Keys from the design <VisibleText text={draft.designName} />
      </legend>
      <div className="item-editor-design-fields">
        <span className="form-field">
          <label htmlFor={`${id}entity`}>Entity</label>{' '}
          <select id={`${id}entity`} value={draft.entityName} onChange={(event) => chooseEntity(event.target.value)}>
            {draft.entityNames.map((name) => (
              <option key={name} value={name}>
                {visibleString(name)}
              </option>
            ))}
          </select>
        </span>
        {draft.fields.map((field, index) => (
          <span key={field} className="form-field">
            <label htmlFor={`${id}field${index}`}>
              <VisibleText text={field} />
            </label>{' '}
            <input
              id={`${id}field${index}`}
              className="mono"
              value={draft.values[field] ?? ''}
              onChange={(event) => setFieldValue(field, event.target.value)}
            />
          </span>
        ))}
      </div>
      {draft.encoded ? (
        <dl className="item-editor-encoded small" aria-label="Encoded key">
          {Object.entries(draft.encoded).map(([name, value]) => (
            <div key={name}>
              <dt>
                <VisibleText text={name} />
              </dt>
              <dd className="mono">
                <VisibleText text={encodedText(value)} />
              </dd>
            </div>
          ))}
        </dl>
      ) : draft.findings.length > 0 ? (
        <ul className="item-editor-findings small" aria-label="Key findings">
          {draft.findings.map((finding, index) => (
            <li key={index}>
              <VisibleText text={`${finding.attribute}${finding.field ? ` (${finding.field})` : ''}: ${finding.message}`} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">Type the fields: the key attributes are filled in through the entity’s templates.</p>
      )}
    </fieldset>
  );
}
