import { useId } from 'react';
import {
  buildSampleItem,
  keyAttributesOf,
  type EntityDesign,
  type IndexDesign,
  type JsonAttributeValue,
  type KeyAttributeDesign,
  type TableDesign,
  keyTemplateOf,
} from '../../design';
import { VisibleText } from '../common/VisibleText';
import { jumpTargetId } from './jumpTargets';

/*
 * One table of a shared design, read-only and as text: its keys and indexes,
 * each entity's key templates and sample keys (its access patterns are in the
 * Access patterns region, with their verdicts). Every
 * name and value comes from the link (untrusted), so each goes through
 * VisibleText: text, never HTML, with invisible and bidi characters shown.
 */

function keyText(attribute: KeyAttributeDesign): string {
  return `${attribute.name} (${attribute.type})`;
}

function indexText(index: IndexDesign): string {
  const keys = [index.partitionKey.map(keyText).join(' + '), index.sortKey.map(keyText).join(' + ')].filter((part) => part !== '').join(' / ');
  const projected = index.projection.type === 'INCLUDE' ? ` (${index.projection.attributes.join(', ')})` : '';
  return `${index.kind} ${index.name}: ${keys}, projection ${index.projection.type}${projected}`;
}

/** A key attribute's value as its text (N as its digits, B as base64): what the sample's key is. */
function valueText(value: JsonAttributeValue | undefined): string {
  if (!value) return '';
  if ('S' in value) return value.S;
  if ('N' in value) return value.N;
  if ('B' in value) return value.B;
  return JSON.stringify(value);
}

export function SharedTableView({ table }: { readonly table: TableDesign }) {
  const headingId = useId();
  return (
    <section id={jumpTargetId({ kind: 'table', table: table.name })} tabIndex={-1} className="card shared-table" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Table <VisibleText className="mono" text={table.name} />
      </h3>
      {table.description && (
        <p>
          <VisibleText text={table.description} />
        </p>
      )}
      <p className="mono small">
        <VisibleText
          text={`Partition key ${keyText(table.partitionKey)}${table.sortKey ? ` · Sort key ${keyText(table.sortKey)}` : ''} · ${table.billingMode}`}
        />
      </p>
      {table.indexes.length > 0 && (
        <ul className="mono small">
          {table.indexes.map((index) => (
            <li key={index.name}>
              <VisibleText text={indexText(index)} />
            </li>
          ))}
        </ul>
      )}
      <h4>Entities</h4>
      {table.entities.length === 0 && <p className="muted small">No entities.</p>}
      {table.entities.map((entity) => (
        <SharedEntity key={entity.name} table={table} entity={entity} />
      ))}
    </section>
  );
}

/** An entity: its key templates, then its samples with the key each one encodes to. */
function SharedEntity({ table, entity }: { readonly table: TableDesign; readonly entity: EntityDesign }) {
  const headingId = useId();
  const keyNames = keyAttributesOf(table)
    .map((attribute) => attribute.name)
    .filter((name) => keyTemplateOf(entity, name) !== undefined);
  return (
    <section id={jumpTargetId({ kind: 'entity', table: table.name, entity: entity.name })} tabIndex={-1} className="shared-entity" aria-labelledby={headingId}>
      <h5 id={headingId}>
        <VisibleText text={entity.name} />
      </h5>
      {entity.description && (
        <p className="small">
          <VisibleText text={entity.description} />
        </p>
      )}
      <dl className="shared-templates">
        {keyNames.map((name) => (
          <div key={name}>
            <dt className="mono">
              <VisibleText text={name} />
            </dt>
            <dd className="mono">
              <VisibleText text={keyTemplateOf(entity, name) ?? ''} />
            </dd>
          </div>
        ))}
      </dl>
      {entity.samples.length > 0 && (
        <div className="shared-samples">
          <table>
            <caption className="visually-hidden">
              Samples of <VisibleText text={entity.name} />
            </caption>
            <thead>
              <tr>
                <th scope="col">Sample</th>
                {keyNames.map((name) => (
                  <th key={name} scope="col" className="mono">
                    <VisibleText text={name} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entity.samples.map((sample) => {
                const built = buildSampleItem(table, entity, sample);
                return (
                  <tr key={sample.id}>
                    <th scope="row" className="mono">
                      <VisibleText text={sample.id} />
                    </th>
                    {built.ok ? (
                      keyNames.map((name) => (
                        <td key={name} className="mono">
                          <VisibleText text={valueText(built.item[name])} />
                        </td>
                      ))
                    ) : (
                      <td colSpan={keyNames.length} className="field-error">
                        <VisibleText text={built.problems.map((problem) => `${problem.attribute}: ${problem.message}`).join(' ')} />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
