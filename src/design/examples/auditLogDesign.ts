import { DESIGN_FORMAT, type DesignDocument, type DesignSample } from '../design.types';

/** [actorId, ISO-8601 instant, action, ip] */
type Event = readonly [string, string, string, string];

const EVENTS: readonly Event[] = [
  ['u_8814', '2026-06-22T08:15:03Z', 'login', '203.0.113.24'],
  ['u_8814', '2026-06-22T09:02:11Z', 'document.view', '203.0.113.24'],
  ['u_8814', '2026-06-22T17:45:30Z', 'logout', '203.0.113.24'],
  ['u_8814', '2026-06-23T00:00:00Z', 'session.refresh', '198.51.100.7'],
  ['u_8814', '2026-06-23T09:14:05Z', 'login', '198.51.100.7'],
  ['u_8814', '2026-06-23T10:00:00Z', 'role.change', '198.51.100.7'],
  ['u_8814', '2026-06-23T13:37:42Z', 'export.create', '198.51.100.7'],
  ['u_8814', '2026-06-23T23:59:59Z', 'logout', '198.51.100.7'],
  ['u_8814', '2026-06-24T07:30:00Z', 'login', '203.0.113.24'],
  ['u_8814', '2026-06-24T11:11:11Z', 'apikey.create', '203.0.113.24'],
  ['u_8814', '2026-06-24T18:05:00Z', 'logout', '203.0.113.24'],
  ['svc_deploy', '2026-06-22T22:00:00Z', 'deploy.start', '10.0.4.12'],
  ['svc_deploy', '2026-06-22T22:04:10Z', 'deploy.finish', '10.0.4.12'],
  ['svc_deploy', '2026-06-23T12:00:00Z', 'deploy.start', '10.0.4.12'],
  ['svc_deploy', '2026-06-23T12:06:30Z', 'deploy.finish', '10.0.4.12'],
  ['svc_deploy', '2026-06-24T03:00:00Z', 'deploy.rollback', '10.0.4.12'],
];

function event([actorId, at, action, ip]: Event, index: number): DesignSample {
  return { id: `event-${index + 1}`, values: { actorId, at, action }, attributes: { ip: { S: ip }, at: { S: at } } };
}

/**
 * The sort-key-strategies article's audit log: `ACTOR#<id>` / `EVT#<ISO-8601>`,
 * so one collection answers "newest first" and "a day's events" (BETWEEN or
 * begins_with on the date), and GSI byAction gives a second sort order.
 */
export const AUDIT_LOG_DESIGN: DesignDocument = {
  format: DESIGN_FORMAT,
  name: 'AuditLog',
  description: 'The sort-key-strategies article’s per-actor audit log: ISO-8601 timestamps after an EVT# prefix.',
  tables: [
    {
      name: 'AuditLog',
      description: 'One item per event, per actor.',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      indexes: [
        {
          name: 'byAction',
          kind: 'GSI',
          partitionKey: [{ name: 'action', type: 'S' }],
          sortKey: [{ name: 'SK', type: 'S' }],
          projection: { type: 'ALL', attributes: [] },
        },
      ],
      billingMode: 'PAY_PER_REQUEST',
      entities: [
        {
          name: 'Event',
          description: 'Something an actor did, at an instant (UTC, second precision).',
          keys: { PK: 'ACTOR#{actorId}', SK: 'EVT#{at:iso}', action: '{action}' },
          attributes: [
            { name: 'ip', type: 'S' },
            { name: 'at', type: 'S' },
            { name: 'details', type: 'M' },
          ],
          samples: EVENTS.map(event),
          expectations: { largestValues: {}, headroomDigits: 2, maxLengths: { actorId: 32, action: 32 } },
        },
      ],
      accessPatterns: [
        {
          id: 'actor-activity',
          name: 'Actor’s activity, newest first',
          description: 'Every event of one actor, latest first (ScanIndexForward = false).',
          entities: ['Event'],
          partitionValues: { actorId: 'u_8814' },
          direction: 'descending',
          projection: [],
          consistentRead: false,
          expected: { count: 11, orderBy: { field: 'at', direction: 'descending' } },
        },
        {
          id: 'actor-day',
          name: 'Actor’s events on 2026-06-23',
          description: 'One day of one actor, both ends included (the article’s BETWEEN).',
          entities: ['Event'],
          partitionValues: { actorId: 'u_8814' },
          sort: { input: 'fields', operator: '=', values: { at: '2026-06-23' } },
          direction: 'ascending',
          projection: [],
          consistentRead: false,
          expected: { count: 5, orderBy: { field: 'at', direction: 'ascending' } },
        },
        {
          id: 'action-events',
          name: 'Logins across actors, in time order',
          description: 'GSI byAction: the second sort order needs a second index.',
          entities: ['Event'],
          index: 'byAction',
          partitionValues: { action: 'login' },
          direction: 'ascending',
          projection: [],
          consistentRead: false,
          expected: { count: 3, orderBy: { field: 'at', direction: 'ascending' } },
        },
      ],
    },
  ],
};
