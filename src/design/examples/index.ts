import type { DesignDocument } from '../design.types';
import { AUDIT_LOG_DESIGN } from './auditLogDesign';
import { LEADERBOARD_DESIGN } from './leaderboardDesign';
import { SHOP_DESIGN } from './shopDesign';

export { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN };

/** The built-in example designs, in the order the Designs list shows them. */
export const EXAMPLE_DESIGNS: readonly { readonly id: string; readonly design: DesignDocument }[] = [
  { id: 'example-leaderboard', design: LEADERBOARD_DESIGN },
  { id: 'example-audit-log', design: AUDIT_LOG_DESIGN },
  { id: 'example-shop', design: SHOP_DESIGN },
];
