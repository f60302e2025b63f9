import type { ReactNode } from 'react';
import type { KeyType } from '../../keys';
import type { BinaryEncoding } from '../../dynamo';
import type { QueryFormField } from '../../state';
import { BytesPreview } from './BinaryEncodingChoice';
import type { FieldErrors } from './fieldErrors';

/** One key value input; a binary key shows the bytes it will send. */
export function KeyValueInput(props: {
  id: string;
  label: ReactNode;
  field: QueryFormField;
  type: KeyType;
  value: string;
  encoding: BinaryEncoding;
  errors: FieldErrors;
  onChange: (value: string) => void;
}) {
  const { id, label, field, type, value, encoding, errors, onChange } = props;
  const previewId = `${id}-bytes`;
  const binary = type === 'B';
  return (
    <span className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="mono"
        value={value}
        spellCheck={false}
        placeholder={binary ? (encoding === 'hex' ? '01 02 03' : 'AQID') : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...errors.props(field, binary ? previewId : undefined)}
      />
      {binary && <BytesPreview id={previewId} text={value} encoding={encoding} />}
      {errors.text(field)}
    </span>
  );
}
