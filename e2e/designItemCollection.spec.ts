import { LEADERBOARD_DESIGN, SHOP_DESIGN } from '../src/design';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { ItemCollectionPage } from './pages/ItemCollectionPage';

test.describe('Item collection', () => {
  test('the Shop’s CUSTOMER#c1: the addresses, the customer, then the orders in time order, each labelled with its entity', async ({ page }) => {
    const collection = new ItemCollectionPage(page);
    await collection.openWith([{ id: 'example-shop', document: SHOP_DESIGN }], 'example-shop');
    await expect(collection.partition.locator('option:checked')).toHaveText(/^CUSTOMER#c1 — 6 items/);
    await expect(collection.summary).toHaveText(/6 items of 3 entities\. The naive keys would give the same order\./);
    const rows = await collection.rows();
    expect(rows.map((row) => [row.position, row.entity, row.encoded])).toEqual([
      ['1', 'Address #a1', 'ADDRESS#home'],
      ['2', 'Address #a2', 'ADDRESS#work'],
      ['3', 'Customer #c1', 'CUSTOMER#c1'],
      ['4', 'Order #o_15', 'ORDER#2026-06-21T16:20:00Z#o_15'],
      ['5', 'Order #o_16', 'ORDER#2026-06-23T08:05:00Z#o_16'],
      ['6', 'Order #o_17', 'ORDER#2026-06-23T10:00:00Z#o_17'],
    ]);
    expect(rows.every((row) => row.mark === 'in place')).toBe(true);

    // The other partition, then the GSI (sparse: only orders carry its keys).
    await collection.partition.selectOption({ label: 'CUSTOMER#c2 — 2 items (Customer 1, Order 1)' });
    await expect.poll(async () => (await collection.rows()).map((row) => row.entity)).toEqual(['Customer #c2', 'Order #o_21']);
    await collection.tableOrIndex.selectOption('GSI1');
    await expect(collection.partition.locator('option')).toHaveText([/^STATUS#DELIVERED/, /^STATUS#PLACED — 2 items \(Order 2\)/, /^STATUS#SHIPPED/]);
    await collection.partition.selectOption({ label: 'STATUS#PLACED — 2 items (Order 2)' });
    await expect.poll(async () => (await collection.rows()).map((row) => row.encoded)).toEqual(['2026-06-22T12:00:00Z#o_21', '2026-06-23T10:00:00Z#o_17']);
  });

  test('the Leaderboard’s naive (raw) scores put rows out of place, and each says why by its first differing byte', async ({ page }) => {
    const collection = new ItemCollectionPage(page);
    await collection.openWith([{ id: 'example-leaderboard', document: LEADERBOARD_DESIGN }], 'example-leaderboard');
    await expect(collection.summary).toHaveText(/12 items of 1 entity\. 11 out of place/);
    const rows = await collection.rows();
    expect(rows.map((row) => row.raw.split('#')[0])).toEqual(['3', '9', '10', '42', '128', '240', '615', '875', '875', '1020', '1500', '2300']);
    expect(rows[1]).toMatchObject({ encoded: '0000000009#0000001719741600#p_1024', raw: '9#1719741600#p_1024', mark: 'Out of place: naive #12' });
    expect(rows[1]?.reason).toContain('"9" 0x39 vs "8" 0x38');
    expect(rows[5]?.mark).toBe('in place');
    await expect(collection.items.getByRole('note')).toHaveCount(11);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
    { width: 800, height: 900 },
  ]) {
    test(`no sideways page scroll at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const collection = new ItemCollectionPage(page);
      await collection.openWith([{ id: 'example-leaderboard', document: LEADERBOARD_DESIGN }], 'example-leaderboard');
      await expect(collection.items.getByRole('note').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  }
});
