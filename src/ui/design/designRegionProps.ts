import type { Design, TableDesign } from '../../design';

/**
 * What every region of the Design tab is given: the open design, its id in
 * the designs store (for edits: `stores.designs.getState().updateDesign(id, …)`)
 * and the table the user is looking at.
 */
export interface DesignRegionProps {
  readonly designId: string;
  readonly design: Design;
  readonly table: TableDesign;
}
