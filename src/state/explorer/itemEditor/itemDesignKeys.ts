import {
  buildSampleItem,
  compileTemplateText,
  entityRecogniserFor,
  findEntity,
  keyAttributesOf,
  keyRoleOf,
  type JsonItem,
  type SampleKeyProblem,
  type TableDesign,
} from '../../../design';
import { wireToValue, type BinaryEncoding, type FormEntry } from '../../../items';
import type { DesignBinding } from '../../design/binding/designBinding';
import type { Item } from '../explorerTypes';

/**
 * Keys from the design: with the explorer's table bound to a design, a new
 * item's key attributes (the table's and its indexes') come from the field
 * values of one entity's templates, encoded exactly as the design encodes
 * its samples (score 1500, ts, player → `0000001500#0000001719100800#p_8842`).
 */

/** The New item dialog's "Keys from the design" part. */
export interface DesignKeyDraft {
  readonly designName: string;
  /** Every entity of the bound table (the user picks which kind of item this is). */
  readonly entityNames: readonly string[];
  readonly entityName: string;
  /** The fields of the entity's key templates, in template order, each once. */
  readonly fields: readonly string[];
  readonly values: Readonly<Record<string, string>>;
  /** The key attributes encoded from the values, when every value fits (DynamoDB JSON). */
  readonly encoded?: JsonItem;
  /** Why a value does not fit (the step 1 findings), once a value is typed. */
  readonly findings: readonly SampleKeyProblem[];
}

/** The draft for one entity of the bound table (its first by default), or undefined without an entity. */
export function designKeyDraft(
  binding: DesignBinding | undefined,
  entityName?: string,
  values: Readonly<Record<string, string>> = {},
): DesignKeyDraft | undefined {
  if (!binding) return undefined;
  const { table } = binding;
  const entity = (entityName === undefined ? undefined : findEntity(table, entityName)) ?? table.entities[0];
  if (!entity) return undefined;
  const fields = templateFieldsOf(table, entity.keys);
  const built = buildSampleItem(table, entity, { id: 'new-item', values });
  const typed = fields.some((field) => (values[field] ?? '') !== '');
  return {
    designName: binding.designName,
    entityNames: table.entities.map((candidate) => candidate.name),
    entityName: entity.name,
    fields,
    values,
    ...(built.ok ? { encoded: built.item } : {}),
    findings: built.ok || !typed ? [] : built.problems,
  };
}

function templateFieldsOf(table: TableDesign, keys: Readonly<Record<string, string>>): string[] {
  const fields: string[] = [];
  for (const attribute of keyAttributesOf(table)) {
    const text = keys[attribute.name];
    if (text === undefined) continue;
    const compiled = compileTemplateText(text, keyRoleOf(table, attribute.name));
    if (!compiled.ok) continue;
    for (const field of compiled.value.fields) if (!fields.includes(field.name)) fields.push(field.name);
  }
  return fields;
}

/** The form with the encoded key attributes in place (replacing the ones there, new ones first). */
export function withEncodedKeys(entries: readonly FormEntry[], encoded: JsonItem, encoding: BinaryEncoding): FormEntry[] {
  const names = Object.keys(encoded);
  const keyEntries: FormEntry[] = [];
  for (const name of names) {
    const value = wireToValue(encoded[name], encoding);
    if (value) keyEntries.push({ name, value });
  }
  const replaced = entries.map((entry) => keyEntries.find((key) => key.name === entry.name) ?? entry);
  const added = keyEntries.filter((key) => !entries.some((entry) => entry.name === key.name));
  return [...added, ...replaced];
}

/** The version attribute the bound design names for this item's entity (recognised by its keys), if any. */
export function versionAttributeOf(binding: DesignBinding | undefined, item: Item): string | undefined {
  if (!binding) return undefined;
  return entityRecogniserFor(binding.table).entityOf(item)?.versionAttribute;
}
