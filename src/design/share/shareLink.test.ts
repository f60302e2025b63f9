import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { describeDesignProblem, EXAMPLE_DESIGNS, isSignOffCurrent, parseDesignDocument, serializeDesignDocument, signOff, type Design } from '..';
import { encodeBase64 } from '../../dynamo';
import { decodeShareFragment, encodeShareFragment, MAX_SHARE_FRAGMENT_CHARS, SHARE_LINK_CHAT_CHARS } from '.';
import { expectErr, expectOk } from '../../errors/testing';

/**
 * A link made by the first link format (k1 + keylab.design/1), kept as text:
 * every later Keylab must still open it to exactly this design. Never
 * regenerate it; add a new fixed link beside it when the format changes.
 */
const FIXED_K1_LINK =
  '#share=k1.nVTbbtpAEP2VlfvSSkCxE0WN39KGVlEupJhUSqMIre3BbDG71u4SQMRSf6O_1y_pzBobCDxVQsKeOTNz9uwZr72x0jNuvdCbwirncScFIzL50fdanuQzwERfp6ANe58LOWVqzIJucNb2gw-IQHCiRWGFkggcToBV5SyGiZApsxgZiyWkbOozqg8ZZ9-iqxbjkvEkAWNYwa0FLZtQYRE-xmohsw7OsDzOwXjh03qf0MF4DBRcW0Gv17Dywqbg_pr6rAp6jryy5Rml7T4kegtBArDcn_t5FVlu5zR5immM4FEOpm7xpkZv-z7vzN4C3wxHUKHVL0iqg63r1HXvMRr1724eEY2iaRHPrWP4XFJNLHKUOLtVqTvzxePovjcYDXrfH3rREEtAEssjUh4o2ZfAFGXoujlL5saqGWi6DXQJNliTpKH35SEa9m97g3frGnKVlgjC82CTwSVlXB9IL2wojCo37wRDjfcO0XCyyvJ8K8hdpRqfFbUNBElvyKEvPJ9TcO1tCWAuaZ8GmG1GY8iZtnvWDk6Gfjfs0u9nDXE1qu2_pYTCOyr4cIcI_7xzfu7cU90rhiMn9NWlV5ZlqyZGo_-D2Omw-yk8OUYswPYoASwLtASnO3Kdc64zMPZHPQqZTYCnWqnZpciExZjf8mZ8eQMysxMHcY2qxbuv9m5H0ppq2w0n425u5KKxwN_ff0xlDdNiEhY4H3dVG3tsG3cMtzEaObtelob3EYk2K0pJIYs56aT5gmQpQHOrNAZiyIQ0o4Wwk1rwxnXUIBW63iBHDdwXhdZ1Z7eekFGCegpjke0A5fPCMc8N1HIDBpChmkskEaB8tYD0mfpafaV2JNTwImDRkWooINbAp6Bfq89V9ffqVj2pVvQImDRXlpIbAzCXMMzpiNP_AQ';

const FIXED_K1_DESIGN: Design = {
  name: 'Orders (link of 2026-12)',
  description: 'The design behind the fixed k1 link: a GSI, an access pattern, an accepted finding.',
  tables: [
    {
      name: 'Orders',
      description: '',
      partitionKey: {
        name: 'PK',
        type: 'S',
      },
      sortKey: {
        name: 'SK',
        type: 'S',
      },
      indexes: [
        {
          name: 'ByStatus',
          kind: 'GSI',
          partitionKey: [
            {
              name: 'status',
              type: 'S',
            },
          ],
          sortKey: [
            {
              name: 'SK',
              type: 'S',
            },
          ],
          projection: {
            type: 'KEYS_ONLY',
            attributes: [],
          },
        },
      ],
      billingMode: 'PAY_PER_REQUEST',
      entities: [
        {
          name: 'Order',
          description: 'One order of a customer.',
          keys: {
            PK: 'CUSTOMER#{customerId}',
            SK: 'ORDER#{orderedAt:iso}#{orderId}',
          },
          attributes: [
            {
              name: 'total',
              type: 'N',
            },
          ],
          samples: [
            {
              id: 's1',
              values: {
                customerId: 'c-42',
                orderedAt: '2026-06-23T10:00:00Z',
                orderId: 'o-1',
              },
              attributes: {
                total: {
                  N: '19.99',
                },
                status: {
                  S: 'PAID',
                },
              },
            },
            {
              id: 's2',
              values: {
                customerId: 'c-42',
                orderedAt: '2026-06-24T08:30:00Z',
                orderId: 'o-2',
              },
            },
          ],
          expectations: {
            largestValues: {},
            headroomDigits: 1,
            maxLengths: {},
          },
        },
      ],
      accessPatterns: [
        {
          id: 'customer-orders',
          name: 'A customer’s orders, newest first',
          description: '',
          entities: ['Order'],
          partitionValues: {
            customerId: 'c-42',
          },
          sort: {
            input: 'raw',
            operator: 'begins_with',
            value: 'ORDER#',
          },
          direction: 'descending',
          projection: [],
          consistentRead: false,
          expected: {
            count: 2,
          },
        },
      ],
    },
  ],
  // The link holds the first format's acceptedFindings: read as an "accepted" decision (nobody recorded who or when).
  decisions: [
    {
      id: 'review.noTiebreaker|Orders|Order|SK',
      code: 'review.noTiebreaker',
      kind: 'accepted',
      comment: 'orderId breaks ties',
      decidedBy: '',
      decidedAt: '',
    },
  ],
} as Design;

/** The fragment of a link whose packed part is `bytes`, base64url-encoded. */
function linkOf(bytes: Uint8Array): string {
  return '#share=k1.' + encodeBase64(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

function linkOfText(text: string): string {
  return linkOf(deflateSync(new TextEncoder().encode(text)));
}

function messagesOf(fragment: string): string[] {
  const read = decodeShareFragment(fragment);
  return read.ok ? [] : read.errors.map((error) => `${error.path}: ${error.message}`);
}

function roundTrip(design: Design): Design {
  const encoded = encodeShareFragment(design);
  expectOk(encoded);
  const read = decodeShareFragment('#' + encoded.fragment);
  expectOk(read);
  return read.design;
}

describe('share links', () => {
  it('opens the link made by the first link format (k1) to the same design', () => {
    expect(decodeShareFragment(FIXED_K1_LINK)).toEqual({ ok: true, design: FIXED_K1_DESIGN, warnings: [] });
  });

  it('opens a fragment with or without its #', () => {
    expect(decodeShareFragment(FIXED_K1_LINK.slice(1)).ok).toBe(true);
  });

  for (const { id, design } of EXAMPLE_DESIGNS) {
    it(`${id}: round trips, and its link is under the 2 KB chat limit`, () => {
      const fromFile = parseDesignDocument(serializeDesignDocument(design));
      expectOk(fromFile);
      expect(roundTrip(design)).toEqual(fromFile.design);
      const encoded = encodeShareFragment(design);
      expect(encoded.bytes).toBeLessThan(SHARE_LINK_CHAT_CHARS);
    });
  }

  it('writes only the base64url alphabet after k1., so the link needs no escaping in a URL', () => {
    const encoded = encodeShareFragment(EXAMPLE_DESIGNS[0]!.design);
    expect(encoded.ok && encoded.fragment).toMatch(/^share=k1\.[A-Za-z0-9_-]+$/);
  });

  it('carries only what the design format writes: nothing else an object carries leaks into the link', () => {
    const design = {
      ...FIXED_K1_DESIGN,
      connection: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      items: [{ PK: { S: 'table data' } }],
    } as Design;
    const encoded = encodeShareFragment(design);
    expectOk(encoded);
    const read = decodeShareFragment(encoded.fragment);
    expect(read).toEqual({ ok: true, design: FIXED_K1_DESIGN, warnings: [] });
  });

  it('carries the revision, decisions of every kind and the sign-offs, which stay current across the link', () => {
    const { decisions: _old, ...base } = FIXED_K1_DESIGN;
    const recorded: Design = {
      ...base,
      revision: 4,
      decisions: [
        {
          id: 'review.noTiebreaker|Orders|Order|SK',
          code: 'review.noTiebreaker',
          kind: 'wontFix',
          comment: 'orderId breaks <b>ties</b>',
          decidedBy: 'Ada \u202E',
          decidedAt: '2026-12-05T09:40:00.000Z',
        },
        {
          id: 'review.caseOrder|Orders|Order|PK',
          code: 'review.caseOrder',
          kind: 'fixLater',
          comment: 'next sprint',
          decidedBy: 'Grace',
          decidedAt: '2026-12-05T09:41:00.000Z',
        },
      ],
    };
    const signed = signOff(recorded, 'Ada', new Date('2026-12-05T10:00:00.000Z'));
    const received = roundTrip(signed);
    // The link carries the canonical document: decisions in finding-id order.
    expect(received).toEqual({ ...signed, decisions: [recorded.decisions![1], recorded.decisions![0]] });
    expect(isSignOffCurrent(received, received.signOffs![0]!)).toBe(true);
  });

  it('refuses a link whose decisions or sign-offs are forged or malformed, saying what and where', () => {
    const document = JSON.parse(serializeDesignDocument(signOff(FIXED_K1_DESIGN, 'Ada', new Date('2026-12-05T10:00:00.000Z'))));
    const forged = structuredClone(document);
    forged.decisions[0].kind = '<img src=x onerror=alert(1)>';
    forged.signOffs[0].revision = -1;
    forged.signOffs[0].signedAt = 'yesterday';
    expect(messagesOf(linkOfText(JSON.stringify(forged)))).toEqual([
      'decisions[0].kind: the text "<img src=x onerror=alert(1)>" is not allowed: write "accepted", "wontFix" or "fixLater".',
      'signOffs[0].signedAt: the text "yesterday" is not a date and time: write ISO 8601 with its zone, such as "2026-12-05T09:40:00Z".',
      'signOffs[0].revision: the revision must be a whole number of at least 1, not the number -1.',
    ]);
    const flood = structuredClone(document);
    flood.signOffs = Array.from({ length: 101 }, (_, i) => ({ ...document.signOffs[0], reviewer: `r${i}` }));
    expect(messagesOf(linkOfText(JSON.stringify(flood)))).toEqual(['signOffs: holds 101 sign-offs; a design keeps at most 100: keep one per reviewer.']);
  });

  it('keeps HTML and bidirectional controls in names as the very same text', () => {
    const hostile: Design = {
      ...FIXED_K1_DESIGN,
      name: '<img src=x onerror="alert(1)"> 05\u202Egnp.exe',
      description: '<script>alert(2)</script>\u2066\u200F',
    };
    expect(roundTrip(hostile)).toEqual(hostile);
  });

  it('says a design too large for a link is too large, and offers the file', () => {
    const table = FIXED_K1_DESIGN.tables[0]!;
    const entity = table.entities[0]!;
    // Random ids don't compress: a few thousand samples pass the limit.
    const samples = Array.from({ length: 3000 }, (_, i) => ({
      id: `s${i}`,
      values: { customerId: `c-${(i * 7919).toString(36)}`, orderedAt: '2026-06-23T10:00:00Z', orderId: `o-${((i * 104729) % 999983).toString(36)}${i}` },
    }));
    const big: Design = { ...FIXED_K1_DESIGN, tables: [{ ...table, entities: [{ ...entity, samples }] }] };
    const encoded = encodeShareFragment(big);
    expect(encoded.ok).toBe(false);
    expect(encoded.bytes).toBeGreaterThan(MAX_SHARE_FRAGMENT_CHARS);
    expectErr(encoded);
    expect(encoded.message).toMatch(/too large for a link: it packs to more than the 32.0 KB a share link holds.*Export design/);
  });

  describe('an untrusted link', () => {
    it('that is not a Keylab link', () => {
      expect(messagesOf('#explorer')).toEqual([expect.stringMatching(/not a Keylab share link: its fragment must start with "#share=k1\."/)]);
      expect(messagesOf('#share=abc')).toEqual([expect.stringMatching(/not a Keylab share link: after "#share=" comes the link version/)]);
      expect(messagesOf('#share=<b>x</b>.AAAA')).toEqual([expect.stringContaining('"<b>x</b>" is not a link version')]);
    });

    it('made by a newer Keylab', () => {
      expect(messagesOf('#share=k2.AAAA')).toEqual([expect.stringMatching(/made by a newer Keylab \(link version "k2"\).*update Keylab/)]);
    });

    it('whose design part is not base64url', () => {
      expect(messagesOf('#share=k1.ab+/')).toEqual([expect.stringMatching(/damaged: the design part is not base64url/)]);
      expect(messagesOf('#share=k1.abcde')).toEqual([expect.stringMatching(/damaged: the design part is not base64url/)]);
      expect(messagesOf('#share=k1.')).toEqual([expect.stringMatching(/empty after "k1\."/)]);
    });

    it('cut off, or whose compressed data is corrupt', () => {
      expect(messagesOf(FIXED_K1_LINK.slice(0, 300))).toEqual([expect.stringMatching(/damaged: its compressed data does not unpack.*cut off/)]);
      expect(messagesOf('#share=k1.____')).toEqual([expect.stringMatching(/damaged: its compressed data does not unpack/)]);
    });

    it('that unpacks to something other than UTF-8 text', () => {
      expect(messagesOf(linkOf(deflateSync(Uint8Array.of(0xff, 0xfe, 0x80))))).toEqual([expect.stringMatching(/not UTF-8 text \(from byte 0 of 3 unpacked\)/)]);
      expect(messagesOf(linkOf(deflateSync(Uint8Array.of(0x7b, 0x22, 0xe9, 0x22, 0x7d))))).toEqual([
        expect.stringMatching(/not UTF-8 text \(from byte 2 of 5 unpacked\)/),
      ]);
    });

    it('of 10 MB is refused before it is decoded', () => {
      const huge = '#share=k1.' + 'A'.repeat(10 * 1024 * 1024);
      expect(messagesOf(huge)).toEqual([expect.stringMatching(/^: This link is 10.0 MB long; a Keylab share link is at most 32.0 KB/)]);
    });

    it('that unpacks past 4 MB (a decompression bomb) is refused', () => {
      // 5 MB of spaces packs into ~5 KB: a short link.
      const bomb = linkOf(deflateSync(new Uint8Array(5 * 1024 * 1024).fill(0x20), { level: 9 }));
      expect(bomb.length).toBeLessThan(MAX_SHARE_FRAGMENT_CHARS);
      expect(messagesOf(bomb)).toEqual([expect.stringMatching(/unpacks to more than 4.0 MB/)]);
    });

    it('holding something that is not a design is read like a file import', () => {
      expect(messagesOf(linkOfText('not json'))).toEqual([expect.stringMatching(/^: the shared design: this is not valid JSON at line 1, column \d/)]);
      expect(messagesOf(linkOfText('{"format": "keylab.design/7", "name": "x", "tables": []}'))).toEqual([
        expect.stringMatching(/^format: .*saved by a newer Keylab \(keylab\.design\/7\)/),
      ]);
    });

    it('with a Limit of 1e400 (read as Infinity), 0, -1, 0.5 or past a Java int is refused, not read as no limit', () => {
      const document = JSON.parse(serializeDesignDocument(FIXED_K1_DESIGN));
      const at = document.tables[0].accessPatterns.findIndex((entry: { limit?: number }) => entry.limit !== undefined);
      const index = at >= 0 ? at : 0;
      document.tables[0].accessPatterns[index].limit = 12345;
      for (const limit of ['1e400', '-1e400', '0', '-1', '0.5', '2147483648']) {
        const text = JSON.stringify(document).replace('"limit":12345', `"limit":${limit}`);
        expect(messagesOf(linkOfText(text))).toEqual([
          expect.stringMatching(
            new RegExp(
              `^tables\\[0\\]\\.accessPatterns\\[${index}\\]\\.limit: must be a whole number from 1 to 2,147,483,647 \\(DynamoDB's Limit is at least 1\\)`,
            ),
          ),
        ]);
      }
    });

    it('holding a broken design names each problem by its path', () => {
      const broken = { ...JSON.parse(serializeDesignDocument(FIXED_K1_DESIGN)), name: '' };
      broken.tables[0].entities[0].keys.SK = 'ORDER#{orderedAt:nope}';
      const messages = messagesOf(linkOfText(JSON.stringify(broken)));
      expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(/^name: /), expect.stringMatching(/^tables\[0\]\.entities\[0\]\.keys\.SK: /)]));
      // As the link view shows them: the path, and no line or column of the packed JSON nobody sees.
      const read = decodeShareFragment(linkOfText(JSON.stringify(broken)));
      expectErr(read);
      expect(read.errors.map(describeDesignProblem)).toEqual(expect.arrayContaining([expect.stringMatching(/^tables\[0\]\.entities\[0\]\.keys\.SK: /)]));
      expect(read.errors.every((error) => error.line === undefined)).toBe(true);
    });
  });
});
