/**
 * The import target: a 5 MB NoSQL Workbench model (one single-table design,
 * customers with orders and addresses, plus a GSI) is parsed, validated,
 * grouped into entities and has its templates inferred in under 1 s.
 */
import { exportWorkbenchModel, importWorkbenchModel, type Design, type DesignSample } from '../../src/design';
import { formatMs, median, renderTable, timeMs } from '../benchUtils';

const TARGET_MS = 1000;
const TARGET_BYTES = 5 * 1024 * 1024;

/** A model of about `bytes` bytes: generated as a Keylab design, exported, and stripped of the extension (so import infers everything). */
function generatedModel(bytes: number): string {
  const customers: DesignSample[] = [];
  const orders: DesignSample[] = [];
  let text = '';
  // One small model measures the bytes per customer; the second is sized to `bytes` from it.
  for (let target = 250; text.length < bytes * 0.98; target = Math.ceil((target * bytes) / text.length)) {
    while (customers.length < target) {
      const n = customers.length;
      const customerId = `c${n}`;
      customers.push({ id: `c-${n}`, values: { customerId }, attributes: { email: { S: `user${n}@example.com` }, name: { S: `Customer ${n}` } } });
      for (let k = 0; k < 8; k++) {
        const at = new Date(Date.UTC(2026, 0, 1) + (n * 8 + k) * 60_000).toISOString().replace('.000Z', 'Z');
        orders.push({
          id: `o-${n}-${k}`,
          values: { customerId, at, orderId: `o_${n}_${k}`, status: ['PLACED', 'SHIPPED', 'DELIVERED'][k % 3]! },
          attributes: { total: { N: `${(n * 7 + k) % 1000}.${k}5` }, lines: { L: [{ M: { sku: { S: `SKU-${k}` }, qty: { N: String(k + 1) } } }] } },
        });
      }
    }
    const design: Design = {
      name: 'Bench shop',
      description: '',
      tables: [
        {
          name: 'Shop',
          description: '',
          partitionKey: { name: 'PK', type: 'S' },
          sortKey: { name: 'SK', type: 'S' },
          indexes: [
            {
              name: 'GSI1',
              kind: 'GSI',
              partitionKey: [{ name: 'GSI1PK', type: 'S' }],
              sortKey: [{ name: 'GSI1SK', type: 'S' }],
              projection: { type: 'ALL', attributes: [] },
            },
          ],
          billingMode: 'PAY_PER_REQUEST',
          entities: [
            {
              name: 'Customer',
              description: '',
              keys: { PK: 'CUSTOMER#{customerId}', SK: 'CUSTOMER#{customerId}' },
              attributes: [],
              samples: customers,
              expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
            },
            {
              name: 'Order',
              description: '',
              keys: { PK: 'CUSTOMER#{customerId}', SK: 'ORDER#{at:iso}#{orderId}', GSI1PK: 'STATUS#{status}', GSI1SK: '{at:iso}#{orderId}' },
              attributes: [],
              samples: orders,
              expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
            },
          ],
          accessPatterns: [],
        },
      ],
    };
    const model = JSON.parse(exportWorkbenchModel(design).text) as Record<string, unknown>;
    delete model.KeylabDesign;
    text = JSON.stringify(model);
  }
  return text;
}

export async function run(): Promise<void> {
  const text = generatedModel(TARGET_BYTES);
  const megabytes = text.length / (1024 * 1024);
  let items = 0;
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    runs.push(
      timeMs(() => {
        const result = importWorkbenchModel(text, { fileName: 'bench.json' });
        if (!result.ok) throw new Error(result.errors[0]?.message);
        items = result.design.tables[0]!.entities.reduce((sum, entity) => sum + entity.samples.length, 0);
      }),
    );
  }
  const ms = median(runs);
  console.log(
    renderTable([
      ['model', 'items', 'import (median of 5)', 'target', 'ratio'],
      [`${megabytes.toFixed(1)} MB`, String(items), formatMs(ms), `< ${formatMs(TARGET_MS)}`, `${(ms / TARGET_MS).toFixed(2)}×`],
    ]),
  );
}
