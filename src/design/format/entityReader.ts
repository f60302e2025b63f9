import { ATTRIBUTE_TYPES } from '../../dynamo';
import type { KeyTemplate } from '../../keys';
import type { AttributeDesign, DesignSample, EntityDesign, EntityExpectations } from '../design.types';
import { keyAttributesOf } from '../designKeys';
import { DocumentReader } from './documentReader';
import { readJsonItem } from './jsonItem';
import { elementPath, isPlainObject, memberPath } from './problemPath';
import type { TableShape } from './tableReader';
import { checkKeyTemplate } from './templateChecks';
import { ownValue } from '../../dynamo';

/**
 * An entity in a design file: its key templates (one per key attribute it
 * has, the table's own always), other attributes, sample rows and
 * expectations.
 */

const DEFAULT_EXPECTATIONS: EntityExpectations = { largestValues: {}, headroomDigits: 2, maxLengths: {} };

/** An entity read back, with its parsed templates (the patterns check their fields). */
export interface ReadEntity {
  readonly entity: EntityDesign;
  readonly templates: ReadonlyMap<string, KeyTemplate>;
}

export function readEntity(reader: DocumentReader, value: unknown, path: string, table: TableShape): ReadEntity | undefined {
  const raw = reader.object(
    value,
    path,
    ['name', 'description', 'keys', 'attributes', 'samples', 'expectations', 'versionAttribute'],
    '{"name": "Order", "keys": {"PK": "CUSTOMER#{customerId}"}}',
  );
  if (!raw) return undefined;
  const before = reader.errorCount;
  const name = reader.string(raw, 'name', path, { nonEmpty: true });
  const description = reader.string(raw, 'description', path, { fallback: '' });
  const keysAt = memberPath(path, 'keys');
  const keys = reader.stringRecord(raw, 'keys', path, '{"PK": "CUSTOMER#{customerId}", "SK": "ORDER#{at:iso}"}');
  const templates = new Map<string, KeyTemplate>();
  if (keys) {
    const keyAttributes = keyAttributesOf({ ...table, entities: [], accessPatterns: [] });
    for (const [attributeName, text] of Object.entries(keys)) {
      const at = memberPath(keysAt, attributeName);
      const attribute = keyAttributes.find((candidate) => candidate.name === attributeName);
      if (!attribute) {
        reader.error(
          at,
          `"${attributeName}" is not a key attribute of table ${table.name} or its indexes (${keyAttributes.map((candidate) => candidate.name).join(', ')}): templates are per key attribute; put other values in "attributes".`,
        );
        continue;
      }
      const checked = checkKeyTemplate(text, attribute);
      for (const message of checked.messages) reader.error(at, message);
      if (checked.template && checked.messages.length === 0) templates.set(attributeName, checked.template);
    }
    for (const attribute of [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])]) {
      if (ownValue(keys, attribute.name) === undefined)
        reader.error(
          keysAt,
          `has no template for ${attribute.name}, the table's ${attribute === table.partitionKey ? 'partition' : 'sort'} key: every item of the table has it, e.g. "${attribute.name}": "${attribute.name === table.partitionKey.name ? 'CUSTOMER#{customerId}' : 'ORDER#{orderId}'}".`,
        );
    }
  }
  const attributes = readAttributes(reader, raw, path);
  const samples = readSamples(reader, raw, path);
  const expectations = readExpectations(reader, raw.expectations, memberPath(path, 'expectations'));
  const versionAttribute = raw.versionAttribute === undefined ? undefined : reader.string(raw, 'versionAttribute', path, { nonEmpty: true });
  if (reader.errorCount > before || name === undefined || description === undefined || !keys || !attributes || !samples || !expectations) return undefined;
  return { entity: { name, description, keys, attributes, samples, expectations, ...(versionAttribute !== undefined ? { versionAttribute } : {}) }, templates };
}

function readAttributes(reader: DocumentReader, raw: Record<string, unknown>, path: string): AttributeDesign[] | undefined {
  const list = reader.array(raw, 'attributes', path, '[{"name": "total", "type": "N"}]', []);
  if (!list) return undefined;
  const at = memberPath(path, 'attributes');
  const attributes: AttributeDesign[] = [];
  list.forEach((value, i) => {
    const itemAt = elementPath(at, i);
    const attribute = reader.object(value, itemAt, ['name', 'type'], '{"name": "total", "type": "N"}');
    if (!attribute) return;
    const name = reader.string(attribute, 'name', itemAt, { nonEmpty: true });
    const type = reader.choice(attribute, 'type', itemAt, ATTRIBUTE_TYPES);
    if (name === undefined || type === undefined) return;
    const first = attributes.findIndex((other) => other.name === name);
    if (first >= 0) reader.error(memberPath(itemAt, 'name'), `"${name}" is already attributes[${first}]: list each attribute once.`);
    else attributes.push({ name, type });
  });
  return attributes.length === list.length ? attributes : undefined;
}

function readSamples(reader: DocumentReader, raw: Record<string, unknown>, path: string): DesignSample[] | undefined {
  const list = reader.array(raw, 'samples', path, '[{"id": "s1", "values": {"customerId": "c1"}}]', []);
  if (!list) return undefined;
  const at = memberPath(path, 'samples');
  const samples: DesignSample[] = [];
  const ids = new Map<string, number>();
  list.forEach((value, i) => {
    const sampleAt = elementPath(at, i);
    const sample = reader.object(value, sampleAt, ['id', 'values', 'attributes'], '{"id": "s1", "values": {"customerId": "c1"}}');
    if (!sample) return;
    const id = reader.string(sample, 'id', sampleAt, { nonEmpty: true });
    if (id !== undefined) {
      const first = ids.get(id);
      if (first !== undefined)
        reader.error(memberPath(sampleAt, 'id'), `"${id}" is already the id of samples[${first}]: sample ids are unique within an entity.`);
      else ids.set(id, i);
    }
    const values = reader.stringRecord(sample, 'values', sampleAt, '{"customerId": "c1"}');
    let attributes;
    if (sample.attributes !== undefined) {
      const read = readJsonItem(sample.attributes, memberPath(sampleAt, 'attributes'));
      if (read.ok) attributes = read.item;
      // Its values break DynamoDB JSON's rules (the sample stays walkable); not an object at all is the wrong shape.
      else if (isPlainObject(sample.attributes)) reader.ruleProblems(read.problems);
      else for (const problem of read.problems) reader.shapeError(problem.path, problem.message);
    }
    if (id !== undefined && values !== undefined && (sample.attributes === undefined || attributes !== undefined))
      samples.push({ id, values, ...(attributes ? { attributes } : {}) });
  });
  return samples.length === list.length ? samples : undefined;
}

function readExpectations(reader: DocumentReader, value: unknown, path: string): EntityExpectations | undefined {
  if (value === undefined) {
    reader.missingField();
    return DEFAULT_EXPECTATIONS;
  }
  const raw = reader.object(
    value,
    path,
    ['largestValues', 'headroomDigits', 'maxLengths', 'itemCount', 'itemSizeBytes'],
    '{"largestValues": {"score": "10000000"}, "headroomDigits": 2, "maxLengths": {}}',
  );
  if (!raw) return undefined;
  const before = reader.errorCount;
  const largestValues = reader.stringRecord(raw, 'largestValues', path, '{"score": "10000000"}', {});
  if (raw.headroomDigits === undefined) reader.missingField();
  const headroomDigits = reader.integer(raw, 'headroomDigits', path, 0, 'headroomDigits') ?? DEFAULT_EXPECTATIONS.headroomDigits;
  const maxLengths = reader.countRecord(raw, 'maxLengths', path, {});
  const itemCount = reader.integer(raw, 'itemCount', path, 0, 'itemCount');
  const itemSizeBytes = reader.integer(raw, 'itemSizeBytes', path, 1, 'itemSizeBytes');
  if (reader.errorCount > before || !largestValues || !maxLengths) return undefined;
  return {
    largestValues,
    headroomDigits,
    maxLengths,
    ...(itemCount !== undefined ? { itemCount } : {}),
    ...(itemSizeBytes !== undefined ? { itemSizeBytes } : {}),
  };
}
