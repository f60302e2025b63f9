import type { StreamSpecification } from '@aws-sdk/client-dynamodb';
import { validationError } from '../../expressions';
import type { StreamSetting } from '../schema/tableDefinition';

/** The view types of a stream, in DynamoDB's enum order. */
export const STREAM_VIEW_TYPES = ['NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES', 'KEYS_ONLY'] as const;

export type StreamViewType = (typeof STREAM_VIEW_TYPES)[number];

/**
 * A stream's label as DynamoDB writes it: the creation time, ISO 8601 to the
 * millisecond, without a zone (`2026-12-01T16:31:47.305`).
 *
 * @example
 * streamLabel(Date.UTC(2026, 11, 1, 16, 31, 47, 305)) // "2026-12-01T16:31:47.305"
 */
export function streamLabel(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 23);
}

/** The epoch milliseconds of a label made by {@link streamLabel}. */
export function streamLabelTime(label: string): number {
  return Date.parse(`${label}Z`);
}

/**
 * A new stream for a table (CreateTable, or UpdateTable enabling one): its
 * label is the time it was created — one millisecond after `previous`'s if
 * the clock has not moved, so each of a table's streams has its own ARN.
 *
 * @example
 * newStreamSetting("NEW_AND_OLD_IMAGES", Date.now()) // { enabled: true, viewType: "NEW_AND_OLD_IMAGES", label: "2026-…" }
 */
export function newStreamSetting(viewType: StreamViewType, now: number, previous?: StreamSetting): StreamSetting {
  const previousTime = previous ? streamLabelTime(previous.label) : Number.NEGATIVE_INFINITY;
  return { enabled: true, viewType, label: streamLabel(Math.max(now, previousTime + 1)) };
}

/**
 * The stream a CreateTable's StreamSpecification asks for (undefined for none,
 * or `StreamEnabled: false`), with DynamoDB Local's messages for a missing or
 * stray view type. The view type's enum is a member constraint, checked with
 * the request's other constraints ({@link STREAM_VIEW_TYPES}).
 */
export function streamFromSpecification(specification: StreamSpecification | undefined, now: number): StreamSetting | undefined {
  if (!specification) return undefined;
  const { StreamEnabled: enabled, StreamViewType: viewType } = specification;
  if (enabled === undefined || enabled === null) throw validationError('Stream StreamEnabled was null');
  if (enabled && !viewType) throw validationError('Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.');
  if (!enabled && viewType) throw validationError('Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.');
  return enabled ? newStreamSetting(viewType as StreamViewType, now) : undefined;
}

/**
 * The table a stream ARN belongs to.
 *
 * @example
 * tableNameOfStreamArn("arn:aws:dynamodb:ddblocal:000000000000:table/Orders/stream/2026-12-01T16:31:47.305") // "Orders"
 */
export function tableNameOfStreamArn(streamArn: string): string {
  return streamArn.slice(streamArn.indexOf(':table/') + ':table/'.length, streamArn.lastIndexOf('/stream/'));
}
