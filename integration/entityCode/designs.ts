/**
 * The designs whose entity code is generated into integration/entityCode/generated
 * (by `npm run generate:entity-code`), type-checked there by `npx tsc -b`
 * against the libraries' own types, and exercised against DynamoDB Local by
 * integration/entityCode.test.ts: the built-in examples, a table with a
 * multi-attribute GSI key, and a design whose every name is hostile.
 */
import { HOSTILE_NAMES_DESIGN, MULTI_ATTRIBUTE_GSI_DESIGN, SHOP_MULTI_ATTRIBUTE_GSI_DESIGN } from '../../src/codegen/entityCode/entityCode.fixtures';
import { EXAMPLE_DESIGNS, type Design } from '../../src/design';

/** The designs generated and checked, each with the folder its files go to. */
export const ENTITY_CODE_DESIGNS: readonly { readonly folder: string; readonly design: Design }[] = [
  ...EXAMPLE_DESIGNS.map(({ id, design }) => ({ folder: id.replace(/^example-/, ''), design })),
  { folder: 'multi-attribute-gsi', design: MULTI_ATTRIBUTE_GSI_DESIGN },
  { folder: 'shop-multi-attribute-gsi', design: SHOP_MULTI_ATTRIBUTE_GSI_DESIGN },
  { folder: 'hostile-names', design: HOSTILE_NAMES_DESIGN },
];
