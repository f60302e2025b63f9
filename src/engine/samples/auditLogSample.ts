import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { Item } from '../../expressions';

/**
 * The `AuditLog` sample: the sort-key-strategies article's per-actor audit
 * log. Partition key `PK` = `ACTOR#<id>`, sort key `SK` = `EVT#<ISO-8601>`:
 * the prefix and the range in one key, so one collection answers both
 * reads — newest first (`ScanIndexForward: false`) and a time window:
 *
 * ```
 * PK = "ACTOR#u_8814" AND SK BETWEEN "EVT#2026-06-23T00:00:00Z" AND "EVT#2026-06-23T23:59:59Z"
 * ```
 *
 * The user's events run from 2026-06-22 to 2026-06-24, with events exactly
 * on both bounds of 2026-06-23 (BETWEEN includes them). A second actor, the
 * deploy service, gives the "everything between two deploys" window.
 * GSI `byAction` (action, SK) is the article's "second sort order needs a
 * second index": one action's events across actors, in time order.
 */

/** The table's name. */
export const AUDIT_LOG_TABLE = 'AuditLog';

/** The article's actor. */
export const USER_ACTOR = 'ACTOR#u_8814';

/** The second actor. */
export const DEPLOY_ACTOR = 'ACTOR#svc_deploy';

/** CreateTable input of the sample. */
export const AUDIT_LOG_TABLE_INPUT: CreateTableCommandInput = {
  TableName: AUDIT_LOG_TABLE,
  KeySchema: [
    { AttributeName: 'PK', KeyType: 'HASH' },
    { AttributeName: 'SK', KeyType: 'RANGE' },
  ],
  AttributeDefinitions: [
    { AttributeName: 'PK', AttributeType: 'S' },
    { AttributeName: 'SK', AttributeType: 'S' },
    { AttributeName: 'action', AttributeType: 'S' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'byAction',
      KeySchema: [
        { AttributeName: 'action', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
  BillingMode: 'PAY_PER_REQUEST',
};

/** [ISO-8601 instant, action, ip, details] */
type Event = readonly [string, string, string, Readonly<Record<string, string>>];

const USER_EVENTS: readonly Event[] = [
  ['2026-06-22T08:15:03Z', 'login', '203.0.113.24', { method: 'password+totp', userAgent: 'Firefox/127.0' }],
  ['2026-06-22T09:02:11Z', 'document.view', '203.0.113.24', { resource: 'doc_5521', title: 'Q2 forecast' }],
  ['2026-06-22T17:45:30Z', 'logout', '203.0.113.24', { reason: 'user' }],
  ['2026-06-23T00:00:00Z', 'session.refresh', '198.51.100.7', { note: 'exactly on the lower bound of the 23rd' }],
  ['2026-06-23T09:14:05Z', 'login', '198.51.100.7', { method: 'sso', userAgent: 'Chrome/126.0' }],
  ['2026-06-23T10:00:00Z', 'role.change', '198.51.100.7', { from: 'viewer', to: 'editor', grantedBy: 'ACTOR#u_1002' }],
  ['2026-06-23T13:37:42Z', 'export.create', '198.51.100.7', { resource: 'report_0623', format: 'csv' }],
  ['2026-06-23T23:59:59Z', 'logout', '198.51.100.7', { note: 'exactly on the upper bound of the 23rd' }],
  ['2026-06-24T07:30:00Z', 'login', '203.0.113.24', { method: 'password+totp', userAgent: 'Firefox/127.0' }],
  ['2026-06-24T11:11:11Z', 'apikey.create', '203.0.113.24', { keyId: 'ak_77f2', scope: 'read' }],
  ['2026-06-24T18:05:00Z', 'logout', '203.0.113.24', { reason: 'timeout' }],
];

const DEPLOY_EVENTS: readonly Event[] = [
  ['2026-06-22T22:00:00Z', 'deploy.start', '10.0.4.12', { release: 'v4.18.0', commit: '9f3c2ab' }],
  ['2026-06-22T22:04:10Z', 'deploy.finish', '10.0.4.12', { release: 'v4.18.0', status: 'succeeded' }],
  ['2026-06-23T12:00:00Z', 'deploy.start', '10.0.4.12', { release: 'v4.18.1', commit: 'c71d0e4' }],
  ['2026-06-23T12:06:30Z', 'deploy.finish', '10.0.4.12', { release: 'v4.18.1', status: 'succeeded' }],
  ['2026-06-24T03:00:00Z', 'deploy.rollback', '10.0.4.12', { release: 'v4.18.1', to: 'v4.18.0', reason: 'error rate' }],
];

function event(actor: string, [at, action, ip, details]: Event): Item {
  const map: Item = {};
  for (const [name, value] of Object.entries(details)) map[name] = { S: value };
  return {
    PK: { S: actor },
    SK: { S: `EVT#${at}` },
    action: { S: action },
    ip: { S: ip },
    at: { S: at },
    details: { M: map },
  };
}

/** The sample's items: both actors' events. */
export function auditLogItems(): Item[] {
  return [...USER_EVENTS.map((entry) => event(USER_ACTOR, entry)), ...DEPLOY_EVENTS.map((entry) => event(DEPLOY_ACTOR, entry))];
}
