import { useId, useState } from 'react';
import {
  compareDesigns,
  compareTemplateVersions,
  compareWithMultiAttribute,
  keyAttributesOf,
  type Design,
  type EntityDesign,
  type KeyComparison,
  type MultiAttributeComparison,
  type TableDesign,
  keyTemplateOf,
} from '../../design';
import type { ReadDirection } from '../../keys';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';
import { useDesigns } from '../stores';
import { ComparisonResults } from './CompareDesignsResults';
import { StructuralDiffView } from './StructuralDiffView';
import { useOpenMigrateKeys } from './useOpenMigrateKeys';
import type { DesignRegionProps } from './designRegionProps';
import './compareDesigns.css';

/** What the right side is: the left design with one template changed, its multi-attribute key, or another saved design. */
type RightChoice = { readonly kind: 'template' } | { readonly kind: 'multi' } | { readonly kind: 'design'; readonly id: string };

const TEMPLATE_CHOICE = 'template';
const MULTI_CHOICE = 'multi';

function parseRightChoice(value: string): RightChoice {
  if (value === TEMPLATE_CHOICE) return { kind: 'template' };
  if (value === MULTI_CHOICE) return { kind: 'multi' };
  return { kind: 'design', id: value };
}

/** The sort key attributes (of the table, or an index's single one) an entity has a template for: what a multi-attribute key can replace. */
function sortKeyAttributes(table: TableDesign, entity: EntityDesign | undefined): string[] {
  if (!entity) return [];
  const names = [table.sortKey?.name, ...table.indexes.filter((index) => index.sortKey.length === 1).map((index) => index.sortKey[0]?.name)];
  return [...new Set(names)].filter((name): name is string => name !== undefined && keyTemplateOf(entity, name) !== undefined);
}

type Outcome =
  | { readonly kind: 'keys'; readonly comparison: KeyComparison }
  | { readonly kind: 'multi'; readonly value: MultiAttributeComparison }
  | { readonly kind: 'problem'; readonly message: string };

/**
 * Compare designs: two saved designs, two versions of one entity's template
 * (`int(8)` vs `int(10)`, inverted vs ScanIndexForward = false), or a
 * concatenated sort key beside its multi-attribute version, side by side over
 * the left design's samples. Everything is computed by src/design/compare;
 * this region only holds the choices.
 */
export function CompareDesignsRegion({ designId, design, table }: DesignRegionProps) {
  const designs = useDesigns((state) => state.designs);
  const openMigrate = useOpenMigrateKeys();
  const [open, setOpen] = useState(false);
  const [leftId, setLeftId] = useState(designId);
  const [right, setRight] = useState<RightChoice>({ kind: 'template' });
  const [entityName, setEntityName] = useState<string | undefined>(undefined);
  const [attributeName, setAttributeName] = useState<string | undefined>(undefined);
  const [templates, setTemplates] = useState<{ readonly left?: string; readonly right?: string }>({});
  const [leftDirection, setLeftDirection] = useState<ReadDirection>('ascending');
  const [rightDirection, setRightDirection] = useState<ReadDirection>('ascending');
  const regionId = useId();
  const headingId = useId();

  const leftDesign: Design = designs.find((entry) => entry.id === leftId)?.design ?? design;
  const leftTable = leftDesign.tables.find((candidate) => candidate.name === table.name) ?? leftDesign.tables[0];
  const entity = leftTable?.entities.find((candidate) => candidate.name === entityName) ?? leftTable?.entities[0];
  const attributeChoices =
    leftTable && entity
      ? right.kind === 'multi'
        ? sortKeyAttributes(leftTable, entity)
        : keyAttributesOf(leftTable)
            .map((attribute) => attribute.name)
            .filter((name) => keyTemplateOf(entity, name) !== undefined)
      : [];
  const attribute =
    attributeName !== undefined && attributeChoices.includes(attributeName)
      ? attributeName
      : leftTable?.sortKey && attributeChoices.includes(leftTable.sortKey.name)
        ? leftTable.sortKey.name
        : attributeChoices[0];
  const currentTemplate = entity && attribute ? (keyTemplateOf(entity, attribute) ?? '') : '';
  const leftTemplate = templates.left ?? currentTemplate;
  const rightTemplate = templates.right ?? currentTemplate;
  const rightDesign = right.kind === 'design' ? designs.find((entry) => entry.id === right.id)?.design : undefined;

  // The React compiler memoises this: it reruns only when a choice or the design changes.
  const outcome = ((): Outcome | undefined => {
    if (!open) return undefined;
    if (!leftTable) return { kind: 'problem', message: `Design ${leftDesign.name} has no tables to compare.` };
    if (right.kind === 'design') {
      if (!rightDesign) return { kind: 'problem', message: 'The right design is no longer saved: choose another.' };
      return { kind: 'keys', comparison: compareDesigns(leftDesign, rightDesign, leftTable.name, leftDirection) };
    }
    if (!entity || !attribute)
      return {
        kind: 'problem',
        message:
          right.kind === 'multi'
            ? `No entity of ${leftTable.name} has a template for a single-attribute sort key to turn into a multi-attribute key.`
            : `Table ${leftTable.name} has no entity with key templates to compare.`,
      };
    if (right.kind === 'multi') {
      const result = compareWithMultiAttribute(leftTable, entity.name, attribute, leftDirection);
      return result.ok ? { kind: 'multi', value: result.value } : { kind: 'problem', message: result.message };
    }
    const indexName = leftTable.indexes.find(
      (index) => index.sortKey.some((key) => key.name === attribute) || index.partitionKey.some((key) => key.name === attribute),
    )?.name;
    const isTableKey = leftTable.partitionKey.name === attribute || leftTable.sortKey?.name === attribute;
    return {
      kind: 'keys',
      comparison: compareTemplateVersions({
        table: leftTable,
        entity: entity.name,
        attribute,
        ...(!isTableKey && indexName ? { indexName } : {}),
        left: { template: leftTemplate, direction: leftDirection },
        right: { template: rightTemplate, direction: rightDirection },
      }),
    };
  })();

  const otherDesigns = designs.filter((entry) => entry.id !== leftId);
  const chooseAttribute = (name: string) => {
    setAttributeName(name);
    setTemplates({});
  };

  return (
    <section className="card compare-designs">
      <button type="button" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        Compare designs
      </button>
      {open && (
        <section id={regionId} role="region" aria-labelledby={headingId} className="compare-region">
          <h2 id={headingId}>Compare designs</h2>
          <p className="muted small">Both sides encode the same samples: the left design&rsquo;s. Tables and entities are matched by name.</p>
          <div className="compare-choices">
            <label>
              Left
              <select value={leftId} onChange={(event) => setLeftId(event.target.value)}>
                {designs.map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {entry.id === designId ? `${visibleString(entry.design.name)} (this design)` : visibleString(entry.design.name)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Right
              <select value={right.kind === 'design' ? right.id : right.kind} onChange={(event) => setRight(parseRightChoice(event.target.value))}>
                <option value={TEMPLATE_CHOICE}>This design with a changed template</option>
                <option value={MULTI_CHOICE}>Multi-attribute key (GSI sort key)</option>
                {otherDesigns.length > 0 && (
                  <optgroup label="Another saved design">
                    {otherDesigns.map((entry) => (
                      <option key={entry.id} value={entry.id}>
                        {visibleString(entry.design.name)}
                      </option>
                    ))}
                  </optgroup>
                )}
              </select>
            </label>
            {right.kind !== 'design' && leftTable && (
              <>
                <label>
                  Entity
                  <select
                    value={entity?.name ?? ''}
                    onChange={(event) => {
                      setEntityName(event.target.value);
                      setTemplates({});
                    }}
                  >
                    {leftTable.entities.map((candidate) => (
                      <option key={candidate.name} value={candidate.name}>
                        {visibleString(candidate.name)}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  Key attribute
                  <select value={attribute ?? ''} onChange={(event) => chooseAttribute(event.target.value)}>
                    {attributeChoices.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </label>
              </>
            )}
            <DirectionSelect label={right.kind === 'template' ? 'Left read direction' : 'Read direction'} value={leftDirection} onChange={setLeftDirection} />
            {right.kind === 'template' && <DirectionSelect label="Right read direction" value={rightDirection} onChange={setRightDirection} />}
          </div>
          {right.kind === 'template' && attribute && (
            <div className="compare-templates">
              <label>
                Left template
                <input
                  className="mono"
                  value={leftTemplate}
                  spellCheck={false}
                  onChange={(event) => setTemplates({ ...templates, left: event.target.value })}
                />
              </label>
              <label>
                Right template
                <input
                  className="mono"
                  value={rightTemplate}
                  spellCheck={false}
                  onChange={(event) => setTemplates({ ...templates, right: event.target.value })}
                />
              </label>
            </div>
          )}
          {outcome?.kind === 'problem' && (
            <p className="field-error" role="alert">
              <VisibleText text={outcome.message} />
            </p>
          )}
          {outcome?.kind === 'keys' && <ComparisonResults comparison={outcome.comparison} />}
          {outcome?.kind === 'keys' && rightDesign && (
            <StructuralDiffView before={leftDesign} after={rightDesign} beforeLabel={leftDesign.name} afterLabel={rightDesign.name} onMigrate={openMigrate} />
          )}
          {outcome?.kind === 'multi' && <ComparisonResults comparison={outcome.value.comparison} multi={outcome.value} />}
        </section>
      )}
    </section>
  );
}

function DirectionSelect({ label, value, onChange }: { label: string; value: ReadDirection; onChange: (direction: ReadDirection) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value === 'descending' ? 'descending' : 'ascending')}>
        <option value="ascending">Ascending (ScanIndexForward = true)</option>
        <option value="descending">Descending (ScanIndexForward = false)</option>
      </select>
    </label>
  );
}
