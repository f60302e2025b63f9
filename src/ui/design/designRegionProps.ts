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
  /**
   * Shown, not edited (a design opened from a share link): the region hides
   * its edit controls (accept, edit, delete, load into a table). What writes
   * nothing the user keeps, such as running access patterns on a fresh
   * built-in engine, stays.
   */
  readonly readOnly?: boolean;
}
