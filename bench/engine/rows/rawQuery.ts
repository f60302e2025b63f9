import http from 'node:http';
import { createRandom } from '../../benchUtils';
import { PAGE, PARTITION, QUERIES, WARMUP_QUERIES } from '../config';
import { percentile, sortKey } from '../workload';

export const rawAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One Query as a raw HTTP request (keep-alive, no SDK): what the server alone costs, plus JSON.parse. */
export function rawQuery(url: string, body: string): Promise<{ Count?: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: rawAgent,
        headers: {
          'Content-Type': 'application/x-amz-json-1.0',
          'X-Amz-Target': 'DynamoDB_20120810.Query',
          Authorization: 'AWS4-HMAC-SHA256 Credential=keylab/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0',
          // The endpoint checks the signature's shape (IncompleteSignatureException without a date), not its value.
          'X-Amz-Date': '20260101T000000Z',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(text) as { Count?: number });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The 1,000 page Queries as raw HTTP requests. */
export async function queryPagesRaw(url: string, TableName: string, count: number): Promise<{ p50: number; p90: number }> {
  const random = createRandom(count + 11);
  const run = async () => {
    const from = Math.floor(random() * (count - PAGE));
    const body = JSON.stringify({
      TableName,
      KeyConditionExpression: 'leaderboardId = :p AND rankKey BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':p': { S: PARTITION }, ':a': { S: sortKey(from) }, ':b': { S: sortKey(from + PAGE - 1) } },
    });
    const start = performance.now();
    const output = await rawQuery(url, body);
    const ms = performance.now() - start;
    if (output.Count !== PAGE) throw new Error(`raw HTTP: expected a ${PAGE}-item page, got ${output.Count}`);
    return ms;
  };
  for (let i = 0; i < WARMUP_QUERIES; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) times.push(await run());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p90: percentile(times, 0.9) };
}
