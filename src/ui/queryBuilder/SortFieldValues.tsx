import type { FieldSegment } from '../../keys';
import { printFormatSuffix } from '../../keys';
import { useId } from 'react';
import type { BuiltRequest, KeyTemplateSource, QueryForm } from '../../state';
import { visibleString } from '../common/visibleText';
import type { FieldErrors } from './fieldErrors';
import { VisibleText } from '../common/VisibleText';

export interface SortFieldValuesProps {
  readonly idPrefix: string;
  readonly form: QueryForm;
  readonly sortKeyName: string;
  readonly fields: readonly FieldSegment[];
  /** The bound design's entity whose template encodes the bounds; undefined without one. */
  readonly source: KeyTemplateSource | undefined;
  /** Picks another entity (when several have a template for the sort key). */
  readonly onEntity: (entityName: string) => void;
  /** Why the entity's template may not fit the stored keys, if it may not. */
  readonly fit: string | undefined;
  readonly built: BuiltRequest;
  readonly errors: FieldErrors;
  readonly setForm: (patch: Partial<QueryForm>) => void;
}

/** Sort-key bounds as field values, encoded by the bound design's entity template for the sort key. */
export function SortFieldValues({ idPrefix, form, sortKeyName, fields, source, onEntity, fit, built, errors, setForm }: SortFieldValuesProps) {
  const entityId = useId();
  const between = form.sortOperator === 'between';
  const inputs = (side: 'low' | 'high') => {
    const values = side === 'low' ? form.sortFields : form.sortFieldsHigh;
    return (
      <div className="form-grid">
        {fields.map((field) => {
          const id = `${idPrefix}${side === 'low' ? 'f' : 'fh'}-${field.name}`;
          const errorField = side === 'low' ? (`sortField:${field.name}` as const) : (`sortFieldHigh:${field.name}` as const);
          return (
            <span key={field.name} className="form-field">
              <label htmlFor={id}>
                <VisibleText text={field.name} />
                {side === 'high' ? ' to' : between ? ' from' : ''}{' '}
                {side === 'low' && <span className="type-badge">{printFormatSuffix(field.format).slice(1) || 'string'}</span>}
              </label>
              <input
                id={id}
                className="mono field-input"
                value={values[field.name] ?? ''}
                onChange={(event) =>
                  setForm(
                    side === 'low'
                      ? { sortFields: { ...form.sortFields, [field.name]: event.target.value } }
                      : { sortFieldsHigh: { ...form.sortFieldsHigh, [field.name]: event.target.value } },
                  )
                }
                {...errors.props(errorField)}
              />
              {errors.text(errorField)}
            </span>
          );
        })}
      </div>
    );
  };
  return (
    <div className="field-values" role="group" aria-label="Sort key field values">
      {source ? (
        <p className="muted small">
          <VisibleText text={sortKeyName} /> ={' '}
          <code>
            <VisibleText text={source.templateText} />
          </code>
          , the template of entity <VisibleText text={source.entityName} /> in <VisibleText text={`${source.designName} · ${source.tableName}`} />. Fill fields
          from the left; leave the last ones empty for every key that continues them. A date without a time is the whole day (or month, or year).
        </p>
      ) : (
        <p className="muted small">
          No Key design with a template for <VisibleText text={sortKeyName} /> is bound to this table: choose one above, or use raw values.
        </p>
      )}
      {source && source.entityNames.length > 1 && (
        <span className="form-field">
          <label htmlFor={entityId}>Entity</label>
          <select id={entityId} value={source.entityName} onChange={(event) => onEntity(event.target.value)}>
            {source.entityNames.map((name) => (
              <option key={name} value={name}>
                {visibleString(name)}
              </option>
            ))}
          </select>
        </span>
      )}
      {fit && (
        <p className="notice small" role="note">
          <VisibleText text={fit} />{' '}
          <button type="button" className="link-button" onClick={() => setForm({ sortInput: 'raw' })}>
            Use raw values
          </button>
        </p>
      )}
      {inputs('low')}
      {between && inputs('high')}
      {errors.text('sortValue')}
      {errors.text('sortValueHigh')}
      {built.ok && built.sortExplanation && (
        <p className="muted small sort-explanation">
          <VisibleText text={built.sortExplanation} />.
        </p>
      )}
    </div>
  );
}
