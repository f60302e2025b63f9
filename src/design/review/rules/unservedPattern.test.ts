import { describe, expect, it } from 'vitest';
import { addAccessPattern, blankAccessPattern } from '../../accessPatterns';
import { changeTable } from '../../edit';
import { AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN, SHOP_DESIGN } from '../../examples';
import type { Design } from '../../design.types';
import { ReviewContext } from '../reviewContext';
import { unservedPattern } from './unservedPattern';

const check = (design: Design) => unservedPattern.check(new ReviewContext({ design }));

/** "Events from one IP": ip is an attribute, in no key of the audit log. */
const BY_IP = changeTable('AuditLog', (table) =>
  addAccessPattern(table, { ...table.accessPatterns[0]!, id: 'by-ip', name: 'Events from one IP', partitionValues: { ip: '10.0.4.12' } }),
)(AUDIT_LOG_DESIGN);

describe('review.unservedPattern', () => {
  it('flags a question whose fields fill no partition key, and names the index it needs', () => {
    const [finding, ...others] = check(BY_IP);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({ code: 'review.unservedPattern', severity: 'error', subject: { table: 'AuditLog', entity: 'Event', pattern: 'by-ip' } });
    expect(finding!.message).toBe(
      'No key of AuditLog can serve "Events from one IP": it fixes ip, but Event\'s items are partitioned by actorId in table AuditLog and by action in index byAction.',
    );
    expect(finding!.evidence).toEqual([{ label: "Event's items are grouped by (sample event-1)", text: 'PK = "ACTOR#u_8814"' }]);
    expect(finding!.suggestion).toContain('Add a GSI whose partition key is built from ip (e.g. `IP#{ip}`)');
    expect(finding!.fix).toBeUndefined();
  });

  it('offers a day partition, not a GSI partitioned by the timestamp, for one whole day of a timestamp', () => {
    const byDay = changeTable('AuditLog', (table) =>
      addAccessPattern(table, {
        ...table.accessPatterns[0]!,
        id: 'day',
        name: 'Events of one day',
        partitionValues: {},
        sort: { input: 'fields', operator: '=', values: { at: '2026-06-22' } },
      }),
    )(AUDIT_LOG_DESIGN);
    const [finding] = check(byDay);
    expect(finding!.message).toContain('it asks for one day of at (2026-06-22), but');
    expect(finding!.suggestion).toContain(
      'Add a GSI partitioned by the day of at (a field such as {atDay} holding "2026-06-22": `DAY#{atDay}`) with at in its sort key',
    );
    expect(finding!.suggestion).not.toContain('AT#{at}');
  });

  it('is quiet once an index serves it, for a blank pattern (a Scan until it has a value), and on the examples', () => {
    const indexed = changeTable('AuditLog', (table) => ({
      ...table,
      indexes: [
        ...table.indexes,
        {
          name: 'byIp',
          kind: 'GSI',
          partitionKey: [{ name: 'GSI2PK', type: 'S' }],
          sortKey: [{ name: 'SK', type: 'S' }],
          projection: { type: 'ALL', attributes: [] },
        },
      ],
      entities: table.entities.map((entity) => ({ ...entity, keys: { ...entity.keys, GSI2PK: 'IP#{ip}' } })),
    }))(BY_IP);
    expect(check(indexed)).toEqual([]);
    expect(check(changeTable('Shop', (table) => addAccessPattern(table, blankAccessPattern(table)))(SHOP_DESIGN))).toEqual([]);
    for (const design of [SHOP_DESIGN, AUDIT_LOG_DESIGN, LEADERBOARD_DESIGN]) expect(check(design)).toEqual([]);
  });
});
