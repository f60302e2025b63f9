import { MAX_KEY_BYTES, printKeyTemplate, utf8ByteLength, type FieldFormat, type TemplateSegment } from '../../keys';
import type { AttributeTypeName } from '../design.types';
import { compileTemplateText } from '../designKeys';
import type { TextPosition } from './moduleLiterals';

/*
 * ElectroDB's key formats as Keylab templates: what ElectroDB's Entity
 * writes into a key attribute (read from electrodb's src/entity.js, and
 * checked against ElectroDB's own params() in the tests).
 *
 *   pk (default)   $<service>#<label>_<value>#…           (no sort key: $<service>$<entity>_<version>#…)
 *   sk (default)   $<entity>_<version>#<label>_<value>#…  (in a collection: $<collection>#<entity>_<version>#…)
 *   template       the text with ${attribute} placeholders
 *   one attribute  whose field is the key itself: the attribute's value (a number stays a number)
 *
 * Casing (default lower) applies to the whole key, values included; a
 * template cannot lower-case a value, so a key with text fields gets a note.
 * An attribute's padding ({ length, char: "0" }) on a number is int(length).
 */

export interface ElectroDbKey {
  readonly field: string;
  readonly composite: readonly string[];
  readonly template?: string;
  readonly casing: 'upper' | 'lower' | 'none' | 'default';
  readonly cast?: string;
  readonly at: TextPosition;
}

export interface ElectroDbKeyAttribute {
  readonly name: string;
  readonly field: string;
  readonly type: AttributeTypeName;
  readonly label?: string;
  readonly padding?: { readonly length: number; readonly char: string };
}

export interface ElectroDbKeyContext {
  readonly role: 'pk' | 'sk';
  readonly key: ElectroDbKey;
  readonly service: string;
  readonly entity: string;
  readonly version: string;
  readonly attributes: readonly ElectroDbKeyAttribute[];
  /** Whether the index has a sort key (without one, the entity's part joins the partition key). */
  readonly hasSortKey: boolean;
  readonly collection?: readonly string[];
}

export type ElectroDbKeyTemplate =
  /** `casesValues`: ElectroDB lower- or upper-cases this key's text values, which the template cannot say. */
  | { readonly ok: true; readonly template: string; readonly notes: readonly string[]; readonly casesValues?: 'lower' | 'upper' }
  | { readonly ok: false; readonly message: string };

/** ElectroDB's `${name}` template syntax, as its _parseTemplateKey reads it: labels and attribute names. */
function parseElectroDbTemplate(template: string): { label: string; name: string }[] {
  const parts: { label: string; name: string }[] = [];
  let label = '';
  let name = '';
  let inName = false;
  for (let i = 0; i < template.length; i += 1) {
    const c = template[i]!;
    if (!inName && c === '$' && template[i + 1] === '{') {
      inName = true;
      i += 1;
    } else if (inName && c === '}') {
      parts.push({ label, name });
      label = '';
      name = '';
      inName = false;
    } else if (inName) name += c;
    else label += c;
  }
  if (label || name) parts.push({ label, name });
  return parts;
}

function fieldName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

/**
 * The Keylab template of one ElectroDB key, with notes on what the template
 * cannot say (casing of values, padding a string).
 *
 * @example
 * electroDbKeyTemplate({ role: 'sk', key: { field: 'sk', composite: ['project', 'task'], casing: 'default', at }, service: 'taskapp', entity: 'tasks', version: '1', attributes, hasSortKey: true })
 * // { ok: true, template: '$tasks_1#project_{project}#task_{task}', notes: [], casesValues: 'lower' }
 */
export function electroDbKeyTemplate(context: ElectroDbKeyContext): ElectroDbKeyTemplate {
  const { key, attributes } = context;
  const casing = key.casing === 'default' ? 'lower' : key.casing;
  const cased = (text: string) => (casing === 'lower' ? text.toLowerCase() : casing === 'upper' ? text.toUpperCase() : text);
  const notes: string[] = [];
  const segments: TemplateSegment[] = [];
  let textFields = 0;
  const literal = (text: string) => {
    if (text !== '') segments.push({ kind: 'literal', text: cased(text) });
  };
  const field = (name: string): string | undefined => {
    const attribute = attributes.find((candidate) => candidate.name === name);
    if (!attribute) return `the key names the attribute ${name}, which the entity's attributes do not define.`;
    const keylabName = fieldName(name);
    if (keylabName !== name) notes.push(`${name} became {${keylabName}}: template fields are letters, digits and _.`);
    let format: FieldFormat = { kind: 'string' };
    if (attribute.padding) {
      if (attribute.type === 'N' && attribute.padding.char === '0') format = { kind: 'int', width: attribute.padding.length, descending: false };
      else
        notes.push(
          `${name} is padded to ${attribute.padding.length} with "${attribute.padding.char}", which a template cannot say for ${attribute.type === 'N' ? 'that character' : 'text'}: {${keylabName}} is a plain field.`,
        );
    }
    if (format.kind === 'string' && attribute.type !== 'N') textFields += 1;
    segments.push({ kind: 'field', name: keylabName, format });
    return undefined;
  };

  const only = key.composite.length === 1 && key.template === undefined ? attributes.find((attribute) => attribute.name === key.composite[0]) : undefined;
  let problem: string | undefined;
  if (key.template !== undefined) {
    for (const part of parseElectroDbTemplate(key.template)) {
      literal(part.label);
      if (part.name) problem ??= field(part.name.trim());
    }
    const named = parseElectroDbTemplate(key.template)
      .map((part) => part.name.trim())
      .filter(Boolean);
    if (key.composite.length > 0 && named.join(',') !== key.composite.join(',')) {
      return {
        ok: false,
        message: `the template names ${named.join(', ') || 'no attribute'} but composite lists ${key.composite.join(', ')}: ElectroDB refuses an index whose template and composite differ.`,
      };
    }
  } else if (only && only.field === key.field) {
    // The attribute is the key itself: ElectroDB writes its value (a number stays a number).
    problem = field(only.name);
  } else {
    const entityPart = `${context.collection && context.collection.length > 0 ? `$${context.collection.join('#')}#` : '$'}${context.entity}_${context.version}`;
    const prefix = context.role === 'pk' ? `$${context.service}${context.hasSortKey ? '' : entityPart}` : entityPart;
    literal(prefix);
    for (const name of key.composite) {
      const attribute = attributes.find((candidate) => candidate.name === name);
      literal(`#${attribute?.label ?? name}_`);
      problem ??= field(name);
    }
  }
  if (problem) return { ok: false, message: problem };
  // The fixed text alone over DynamoDB's key limit: refused before the template is built (a hostile name may be megabytes).
  const role = context.role === 'pk' ? 'partition' : 'sort';
  const fixedBytes = segments.reduce((sum, segment) => sum + (segment.kind === 'literal' ? utf8ByteLength(segment.text) : 0), 0);
  if (fixedBytes > MAX_KEY_BYTES[role])
    return {
      ok: false,
      message: `the key's fixed text (service, entity, labels) is ${fixedBytes.toLocaleString('en-US')} bytes, over DynamoDB's ${MAX_KEY_BYTES[role].toLocaleString('en-US')}-byte limit for a ${role} key.`,
    };
  if (segments.length === 0) return { ok: false, message: 'the key has neither composite attributes nor a template: ElectroDB would write an empty key.' };
  const template = printKeyTemplate({ segments });
  const compiled = compileTemplateText(template, role);
  if (!compiled.ok)
    return { ok: false, message: `ElectroDB's key becomes the template ${template}, which Keylab cannot use: ${compiled.findings[0]?.message ?? ''}` };
  return { ok: true, template, notes, ...(casing !== 'none' && textFields > 0 ? { casesValues: casing } : {}) };
}
