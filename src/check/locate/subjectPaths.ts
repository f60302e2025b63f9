import { elementPath, KEYLAB_EXTENSION_FIELD, memberPath, positionOfSampleId, type Design, type TableDesign } from '../../design';
import type { ReviewSubject } from '../../design/review';

/**
 * Where a finding's subject is in the value a design file holds, as a path
 * (`tables[0].entities[1].keys.SK`, `Resources.Orders.Properties.KeySchema[1].AttributeName`)
 * that exists in that value: the subject itself when the file writes it, else
 * the closest thing the file has, and then `exact` is false and `pointsAt` says what it is.
 */
export interface SubjectPath {
  readonly path: string;
  readonly exact: boolean;
  /** What the position points at, in words ("the key template of SK in entity Score"). */
  readonly pointsAt: string;
}

/** The parsed file: the plain JSON value a design was read from (a YAML template as its JSON form). */
type Json = unknown;

function member(value: Json, key: string): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key) ? (value as Record<string, Json>)[key] : undefined;
}

function list(value: Json): readonly Json[] {
  return Array.isArray(value) ? value : [];
}

function entries(value: Json): [string, Json][] {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value as Record<string, Json>) : [];
}

/** The subject's table and its place among the design's tables (files list their tables in the design's order). */
function tableOf(design: Design, subject: ReviewSubject): { table: TableDesign; index: number } | undefined {
  const index = design.tables.findIndex((table) => table.name === subject.table);
  return index < 0 ? undefined : { table: design.tables[index]!, index };
}

/** How the subject reads in words, for `pointsAt` when the file has no such thing. */
function describeSubject(subject: ReviewSubject): string {
  if (subject.pattern !== undefined) return `access pattern ${subject.pattern}`;
  if (subject.entity !== undefined) return `entity ${subject.entity}${subject.keyAttribute ? `'s ${subject.keyAttribute}` : ''}`;
  if (subject.index !== undefined) return `index ${subject.index}`;
  return subject.keyAttribute ? `key attribute ${subject.keyAttribute}` : `table ${subject.table}`;
}

/**
 * The subject's path in a Keylab design document (`tables[…]` at `base`):
 * a pattern's id, an entity's key template for the key attribute, an index's
 * name, a key attribute's definition, the table's name.
 */
export function keylabSubjectPath(root: Json, base: string, design: Design, subject: ReviewSubject): SubjectPath | undefined {
  const found = tableOf(design, subject);
  const tables = list(member(root, 'tables'));
  if (!found || !tables[found.index]) return undefined;
  const tablePath = elementPath(memberPath(base, 'tables'), found.index);
  const rawTable = tables[found.index];
  const tableName: SubjectPath = {
    path: memberPath(tablePath, 'name'),
    exact: subject.entity === undefined && subject.index === undefined && subject.pattern === undefined && subject.keyAttribute === undefined,
    pointsAt: `table ${subject.table}`,
  };
  if (subject.pattern !== undefined) {
    const at = list(member(rawTable, 'accessPatterns')).findIndex((pattern) => member(pattern, 'id') === subject.pattern);
    return at < 0
      ? { ...tableName, exact: false, pointsAt: `table ${subject.table} (access pattern ${subject.pattern} is not in the file)` }
      : { path: memberPath(elementPath(memberPath(tablePath, 'accessPatterns'), at), 'id'), exact: true, pointsAt: `access pattern ${subject.pattern}` };
  }
  if (subject.entity !== undefined) {
    const at = list(member(rawTable, 'entities')).findIndex((entity) => member(entity, 'name') === subject.entity);
    if (at >= 0) {
      const entityPath = elementPath(memberPath(tablePath, 'entities'), at);
      const keys = member(list(member(rawTable, 'entities'))[at], 'keys');
      if (subject.keyAttribute !== undefined && member(keys, subject.keyAttribute) !== undefined)
        return {
          path: memberPath(memberPath(entityPath, 'keys'), subject.keyAttribute),
          exact: true,
          pointsAt: `the key template of ${subject.keyAttribute} in entity ${subject.entity}`,
        };
      return { path: memberPath(entityPath, 'name'), exact: subject.keyAttribute === undefined, pointsAt: `entity ${subject.entity}` };
    }
  }
  if (subject.index !== undefined) {
    const at = list(member(rawTable, 'indexes')).findIndex((index) => member(index, 'name') === subject.index);
    if (at >= 0)
      return {
        path: memberPath(elementPath(memberPath(tablePath, 'indexes'), at), 'name'),
        exact: subject.entity === undefined,
        pointsAt: `index ${subject.index}`,
      };
  }
  if (subject.keyAttribute !== undefined && subject.entity === undefined) {
    for (const key of ['partitionKey', 'sortKey'] as const) {
      if (member(member(rawTable, key), 'name') === subject.keyAttribute)
        return { path: memberPath(tablePath, key), exact: true, pointsAt: `the table's key attribute ${subject.keyAttribute}` };
    }
  }
  return tableName.exact
    ? tableName
    : { ...tableName, exact: false, pointsAt: `table ${subject.table} (${describeSubject(subject)} is not written in the file)` };
}

/**
 * The subject's path in a NoSQL Workbench model: the model's own tables,
 * facets and indexes, or, when the model carries the Keylab design it was
 * exported with and that design has the subject, its place there (templates
 * and access patterns live only there).
 */
export function workbenchSubjectPath(root: Json, design: Design, subject: ReviewSubject): SubjectPath | undefined {
  const extensionField = KEYLAB_EXTENSION_FIELD;
  const extension = member(member(root, extensionField), 'design');
  if (extension !== undefined && carriesSubject(extension, design, subject))
    return keylabSubjectPath(extension, memberPath(memberPath('', extensionField), 'design'), design, subject);
  const found = tableOf(design, subject);
  const rawTable = found && list(member(root, 'DataModel'))[found.index];
  if (!found || rawTable === undefined) return undefined;
  const tablePath = elementPath('DataModel', found.index);
  const tableName: SubjectPath = {
    path: memberPath(tablePath, 'TableName'),
    exact: subject.entity === undefined && subject.index === undefined && subject.pattern === undefined && subject.keyAttribute === undefined,
    pointsAt: `table ${subject.table}`,
  };
  if (subject.pattern !== undefined) return { ...tableName, exact: false, pointsAt: `table ${subject.table} (a NoSQL Workbench model has no access patterns)` };
  const keyRole =
    subject.keyAttribute === found.table.partitionKey.name ? 'PartitionKey' : subject.keyAttribute === found.table.sortKey?.name ? 'SortKey' : undefined;
  const indexAt = list(member(rawTable, 'GlobalSecondaryIndexes')).findIndex((index) =>
    subject.index !== undefined
      ? member(index, 'IndexName') === subject.index
      : keyRole === undefined && subject.keyAttribute !== undefined && indexKeyRole(member(index, 'KeyAttributes'), subject.keyAttribute) !== undefined,
  );
  const inferred = '(a NoSQL Workbench model has no key templates: they were inferred from the items)';
  if (subject.entity !== undefined) {
    const facets = list(member(rawTable, 'TableFacets'));
    const facetAt = facets.findIndex((facet) => member(facet, 'FacetName') === subject.entity);
    if (facetAt >= 0) {
      const facetPath = elementPath(memberPath(tablePath, 'TableFacets'), facetAt);
      const alias = keyRole && member(member(facets[facetAt], 'KeyAttributeAlias'), `${keyRole}Alias`);
      // The facet's first item shows the values the template was inferred from (items may hold a key under its alias).
      const item = list(member(facets[facetAt], 'TableData'))[0];
      const held =
        subject.keyAttribute === undefined
          ? undefined
          : [subject.keyAttribute, ...(typeof alias === 'string' ? [alias] : [])].find((name) => member(item, name) !== undefined);
      if (held !== undefined)
        return {
          path: memberPath(elementPath(memberPath(facetPath, 'TableData'), 0), held),
          exact: false,
          pointsAt: `${subject.keyAttribute} of facet ${subject.entity}'s first item ${inferred}`,
        };
      if (keyRole && alias !== undefined)
        return {
          path: memberPath(memberPath(facetPath, 'KeyAttributeAlias'), `${keyRole}Alias`),
          exact: false,
          pointsAt: `facet ${subject.entity}'s ${subject.keyAttribute} ${inferred}`,
        };
      if (indexAt < 0 || keyRole)
        return { path: memberPath(facetPath, 'FacetName'), exact: subject.keyAttribute === undefined, pointsAt: `facet ${subject.entity}` };
    } else if (subject.keyAttribute !== undefined) {
      // An entity grouped from the table's items by key prefix: its first item in TableData (sample item-N is the N-th item).
      const items = list(member(rawTable, 'TableData'));
      const entity = found.table.entities.find((candidate) => candidate.name === subject.entity);
      const position = entity?.samples
        .map((sample) => positionOfSampleId(sample.id))
        .find((at) => at !== undefined && member(items[at], subject.keyAttribute!) !== undefined);
      if (position !== undefined)
        return {
          path: memberPath(elementPath(memberPath(tablePath, 'TableData'), position), subject.keyAttribute),
          exact: false,
          pointsAt: `${subject.keyAttribute} of entity ${subject.entity}'s first item ${inferred}`,
        };
    }
  }
  if (indexAt >= 0) {
    const indexPath = elementPath(memberPath(tablePath, 'GlobalSecondaryIndexes'), indexAt);
    const role =
      subject.keyAttribute !== undefined
        ? indexKeyRole(member(list(member(rawTable, 'GlobalSecondaryIndexes'))[indexAt], 'KeyAttributes'), subject.keyAttribute)
        : undefined;
    if (role)
      return {
        path: memberPath(memberPath(memberPath(indexPath, 'KeyAttributes'), role), 'AttributeName'),
        exact: subject.entity === undefined,
        pointsAt: `${subject.keyAttribute} in index ${indexName(rawTable, indexAt)}'s key${subject.entity !== undefined ? ` (entity ${subject.entity} is not a facet of the model)` : ''}`,
      };
    return { path: memberPath(indexPath, 'IndexName'), exact: subject.entity === undefined, pointsAt: `index ${indexName(rawTable, indexAt)}` };
  }
  if (keyRole)
    return {
      path: memberPath(memberPath(memberPath(tablePath, 'KeyAttributes'), keyRole), 'AttributeName'),
      exact: subject.entity === undefined,
      pointsAt: `the table's key attribute ${subject.keyAttribute}${subject.entity !== undefined ? ` (entity ${subject.entity} is not a facet of the model)` : ''}`,
    };
  return tableName.exact
    ? tableName
    : { ...tableName, exact: false, pointsAt: `table ${subject.table} (${describeSubject(subject)} is not written in the model)` };
}

function indexName(rawTable: Json, at: number): string {
  return String(member(list(member(rawTable, 'GlobalSecondaryIndexes'))[at], 'IndexName'));
}

function indexKeyRole(keyAttributes: Json, attribute: string): 'PartitionKey' | 'SortKey' | undefined {
  return (['PartitionKey', 'SortKey'] as const).find((role) => member(member(keyAttributes, role), 'AttributeName') === attribute);
}

/** Whether the design a Workbench model carries was the one read (same templates or patterns for the subject), so its places are the subject's. */
function carriesSubject(extension: Json, design: Design, subject: ReviewSubject): boolean {
  const found = tableOf(design, subject);
  const rawTable = found && list(member(extension, 'tables'))[found.index];
  if (!found || member(rawTable, 'name') !== subject.table) return false;
  if (subject.pattern !== undefined) return list(member(rawTable, 'accessPatterns')).some((pattern) => member(pattern, 'id') === subject.pattern);
  if (subject.entity === undefined) return false;
  const entity = found.table.entities.find((candidate) => candidate.name === subject.entity);
  const raw = list(member(rawTable, 'entities')).find((candidate) => member(candidate, 'name') === subject.entity);
  return (
    entity !== undefined && raw !== undefined && JSON.stringify(entries(member(raw, 'keys')).sort()) === JSON.stringify(Object.entries(entity.keys).sort())
  );
}

/**
 * The subject's path in a OneTable schema: the model's field for the key
 * attribute, the model, the index; the table (which a schema does not name)
 * is its primary index.
 */
export function oneTableSubjectPath(root: Json, subject: ReviewSubject): SubjectPath | undefined {
  const indexes = member(root, 'indexes');
  if (indexes === undefined) return undefined;
  const primary: SubjectPath = {
    path: memberPath(memberPath('', 'indexes'), 'primary'),
    exact: false,
    pointsAt: `the primary index (a OneTable schema does not name its table${subject.pattern !== undefined ? ' and has no access patterns' : ''})`,
  };
  if (subject.pattern !== undefined) return primary;
  if (subject.entity !== undefined) {
    const model = member(member(root, 'models'), subject.entity);
    if (model !== undefined) {
      const modelPath = memberPath(memberPath('', 'models'), subject.entity);
      const field =
        subject.keyAttribute !== undefined
          ? entries(model).find(
              ([name, definition]) => (typeof member(definition, 'map') === 'string' ? member(definition, 'map') : name) === subject.keyAttribute,
            )
          : undefined;
      if (field) return { path: memberPath(modelPath, field[0]), exact: true, pointsAt: `field ${field[0]} of model ${subject.entity}` };
      return { path: modelPath, exact: subject.keyAttribute === undefined, pointsAt: `model ${subject.entity}` };
    }
  }
  const named = subject.index !== undefined && member(indexes, subject.index) !== undefined ? subject.index : undefined;
  if (named !== undefined) return { path: memberPath(memberPath('', 'indexes'), named), exact: subject.entity === undefined, pointsAt: `index ${named}` };
  if (subject.keyAttribute !== undefined) {
    const holder = entries(indexes).find(([, index]) => member(index, 'hash') === subject.keyAttribute || member(index, 'sort') === subject.keyAttribute);
    if (holder) {
      const role = member(holder[1], 'hash') === subject.keyAttribute ? 'hash' : 'sort';
      return {
        path: memberPath(memberPath(memberPath('', 'indexes'), holder[0]), role),
        exact: subject.entity === undefined,
        pointsAt: `${subject.keyAttribute} in index ${holder[0]}`,
      };
    }
  }
  return subject.entity === undefined && subject.index === undefined && subject.keyAttribute === undefined
    ? { ...primary, exact: true, pointsAt: 'the primary index (a OneTable schema does not name its table)' }
    : primary;
}

const DYNAMODB_TYPES: readonly unknown[] = ['AWS::DynamoDB::Table', 'AWS::DynamoDB::GlobalTable'];

/**
 * The subject's path in a CloudFormation template: the DynamoDB resources
 * are the design's tables in order; a key attribute is its KeySchema entry
 * (the table's, or its index's); a template has no entities, templates or
 * access patterns, so those point at what holds them.
 */
export function cloudFormationSubjectPath(root: Json, design: Design, subject: ReviewSubject): SubjectPath | undefined {
  const found = tableOf(design, subject);
  const resource = found && entries(member(root, 'Resources')).filter(([, value]) => DYNAMODB_TYPES.includes(member(value, 'Type')))[found.index];
  if (!found || !resource) return undefined;
  const [logicalId, raw] = resource;
  const resourcePath = memberPath(memberPath('', 'Resources'), logicalId);
  const properties = member(raw, 'Properties');
  const propertiesPath = memberPath(resourcePath, 'Properties');
  const missing =
    subject.pattern !== undefined
      ? ' (a CloudFormation template has no access patterns)'
      : subject.entity !== undefined
        ? ` (a CloudFormation template has no entities or key templates: entity ${subject.entity})`
        : '';
  const hasName = member(properties, 'TableName') !== undefined;
  const tableName = hasName ? `table ${subject.table}` : `resource ${logicalId}`;
  const tableAt = (note: string): SubjectPath => ({
    path: hasName ? memberPath(propertiesPath, 'TableName') : resourcePath,
    exact: note === '',
    pointsAt: `${tableName}${note}`,
  });
  if (subject.pattern !== undefined) return tableAt(missing);
  let holderPath = propertiesPath;
  let holder = properties;
  let holderName = `table ${subject.table}`;
  if (subject.index !== undefined) {
    for (const kind of ['GlobalSecondaryIndexes', 'LocalSecondaryIndexes']) {
      const at = list(member(properties, kind)).findIndex((index) => member(index, 'IndexName') === subject.index);
      if (at < 0) continue;
      holderPath = elementPath(memberPath(propertiesPath, kind), at);
      holder = list(member(properties, kind))[at];
      holderName = `index ${subject.index}`;
    }
  }
  const keyAt =
    subject.keyAttribute !== undefined ? list(member(holder, 'KeySchema')).findIndex((entry) => member(entry, 'AttributeName') === subject.keyAttribute) : -1;
  if (keyAt >= 0)
    return {
      path: memberPath(elementPath(memberPath(holderPath, 'KeySchema'), keyAt), 'AttributeName'),
      exact: subject.entity === undefined,
      pointsAt: `${subject.keyAttribute} in ${holderName}'s KeySchema${missing}`,
    };
  if (holder !== properties) return { path: memberPath(holderPath, 'IndexName'), exact: subject.entity === undefined, pointsAt: `${holderName}${missing}` };
  return tableAt(subject.index === undefined && subject.keyAttribute === undefined ? missing : ` (${describeSubject(subject)} is not written in the template)`);
}
