/*
 * DynamoDB's size limits, in one place: the engine enforces them, the review rules and the
 * review document measure designs against them, imports and migrations check items before
 * they are sent. Values from the DynamoDB Developer Guide, "Quotas in Amazon DynamoDB".
 */

/** The largest item: 400 KB, attribute names and values together (UTF-8 for names and S, raw for B). */
export const MAX_ITEM_BYTES = 409_600;
/** A partition-key value, in bytes (UTF-8 for S, raw for B; an N is always within it). */
export const MAX_PARTITION_KEY_BYTES = 2048;
/** A sort-key value, in bytes. */
export const MAX_SORT_KEY_BYTES = 1024;
/** The data one Query or Scan page reads at most: 1 MB (the item that crosses it is included, as on DynamoDB Local). */
export const MAX_PAGE_BYTES = 1_048_576;
