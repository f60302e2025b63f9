import { BINARY_ENCODINGS, type BinaryEncoding } from '../../dynamo';
import { describeBinaryText } from '../../state';

/** The hex / base64 choice for binary (B) inputs. */
export function BinaryEncodingSelect({ label, value, onChange }: { label: string; value: BinaryEncoding; onChange: (encoding: BinaryEncoding) => void }) {
  return (
    <select className="binary-encoding" aria-label={label} value={value} onChange={(event) => onChange(event.target.value as BinaryEncoding)}>
      {BINARY_ENCODINGS.map((encoding) => (
        <option key={encoding} value={encoding}>
          {encoding}
        </option>
      ))}
    </select>
  );
}

/** The bytes a binary input will send ("Sends 3 bytes: 01 02 03"), or nothing while it is empty or invalid (its error says why). */
export function BytesPreview({ id, text, encoding }: { id: string; text: string; encoding: BinaryEncoding }) {
  const bytes = describeBinaryText(text, encoding);
  return bytes ? (
    <span id={id} className="muted small bytes-preview">
      Sends {bytes}
    </span>
  ) : null;
}
