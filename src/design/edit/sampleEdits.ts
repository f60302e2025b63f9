import type { DesignSample } from '../design.types';
import { changeEntity, type DesignChange } from './tableEdits';

/** Sets one template field value of one sample row (by the row's id). */
export function setSampleValue(tableName: string, entityName: string, sampleId: string, field: string, value: string): DesignChange {
  return changeEntity(tableName, entityName, (entity) => {
    const sample = entity.samples.find((row) => row.id === sampleId);
    if (!sample || sample.values[field] === value) return entity;
    return { ...entity, samples: entity.samples.map((row) => (row === sample ? { ...row, values: { ...row.values, [field]: value } } : row)) };
  });
}

/** Fills in field values the rows lack (a field just added to a template): `suggest(field, rowIndex)` gives each one. */
export function fillSampleValues(
  tableName: string,
  entityName: string,
  fields: readonly string[],
  suggest: (field: string, rowIndex: number) => string,
): DesignChange {
  return changeEntity(tableName, entityName, (entity) => {
    const missing = fields.filter((field) => entity.samples.every((row) => row.values[field] === undefined));
    if (missing.length === 0) return entity;
    return {
      ...entity,
      samples: entity.samples.map((row, index) => ({
        ...row,
        values: { ...row.values, ...Object.fromEntries(missing.map((field) => [field, suggest(field, index)])) },
      })),
    };
  });
}

/** Appends a sample row with these field values; its id is new within the entity. Returns the change and the id. */
export function addSample(tableName: string, entityName: string, values: Readonly<Record<string, string>>, id?: string): DesignChange {
  return changeEntity(tableName, entityName, (entity) => {
    const sample: DesignSample = { id: id ?? nextSampleId(entity.samples), values };
    if (entity.samples.some((row) => row.id === sample.id)) return entity;
    return { ...entity, samples: [...entity.samples, sample] };
  });
}

export function removeSample(tableName: string, entityName: string, sampleId: string): DesignChange {
  return changeEntity(tableName, entityName, (entity) =>
    entity.samples.some((row) => row.id === sampleId) ? { ...entity, samples: entity.samples.filter((row) => row.id !== sampleId) } : entity,
  );
}

/** `row-<n>`, the first n not taken. */
export function nextSampleId(samples: readonly DesignSample[]): string {
  const used = new Set(samples.map((row) => row.id));
  let n = samples.length + 1;
  while (used.has(`row-${n}`)) n++;
  return `row-${n}`;
}
