import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { CompareDesignsPage } from './pages/CompareDesignsPage';

const INT_10 = '{score:int(10)}#{ts:epoch(16)}#{playerId}';

test.describe('compare designs', () => {
  test('int(8) vs int(10) on the Leaderboard: every key differs by two padding zeros, the order is the same', async ({ page }) => {
    const compare = new CompareDesignsPage(page);
    await compare.open();
    await expect(compare.right).toHaveValue('template');
    await expect(compare.rightTemplate).toHaveValue(INT_10);
    await compare.leftTemplate.fill('{score:int(8)}#{ts:epoch(16)}#{playerId}');
    await compare.readDirection.selectOption('descending');
    await compare.region.getByRole('combobox', { name: 'Right read direction' }).selectOption('descending');
    await expect(compare.summary).toHaveText('The orders are equal; the right keys are 2 bytes longer (attribute names + values).');
    await expect(compare.keys(compare.leftOrder).first()).toContainText('00002300#0000001719705600#p_7781');
    await expect(compare.keys(compare.rightOrder).first()).toContainText('0000002300#0000001719705600#p_7781');
    await expect(compare.keys(compare.rightOrder).first()).toContainText('72 B stored');
    await expect(compare.keys(compare.leftOrder).first()).toContainText('70 B stored');
    await expect(compare.keys(compare.leftOrder).filter({ hasText: 'differs' })).toHaveCount(12);

    // Too narrow: int(3) can't hold 1020, 1500 or 2300.
    await compare.leftTemplate.fill('{score:int(3)}#{ts:epoch(16)}#{playerId}');
    await expect(compare.summary).toHaveText(
      'int(3) overflows for 3 samples; otherwise the orders are equal; the right keys are 7 bytes longer (attribute names + values).',
    );
    await expect(compare.leftOrder).toContainText('3 samples have no key here');
    await expect(compare.keys(compare.leftOrder)).toHaveCount(9);
  });

  test('the concatenated rank key beside a multi-attribute key: numbers unpadded, and which patterns each serves', async ({ page }) => {
    const compare = new CompareDesignsPage(page);
    await compare.open();
    await compare.right.selectOption('multi');
    await compare.readDirection.selectOption('descending');
    await expect(compare.summary).toContainText('The orders are equal');
    await expect(compare.region).toContainText('becomes GSI rankKeyMulti with partition key leaderboardId S and sort key score N, ts N, playerId S');
    await expect(compare.keys(compare.rightOrder).first()).toContainText('score=2300, ts=1719705600, playerId=p_7781');
    await expect(compare.keys(compare.rightOrder).last()).toContainText('score=3, ');

    await expect(compare.verdict('Top scores of a season, highest first', 'concatenated')).toContainText('Serves');
    await expect(compare.verdict('Top scores of a season, highest first', 'multi')).toContainText('Serves');
    await expect(compare.verdict(/A player’s runs/, 'multi')).toContainText('Other key');
    await expect(compare.verdict(/From one \(score, ts\) pair onwards/, 'concatenated')).toContainText('Serves');
    await expect(compare.verdict(/From one \(score, ts\) pair onwards/, 'multi')).toContainText('Cannot serve');
    await expect(compare.verdict(/From one \(score, ts\) pair onwards/, 'multi')).toContainText('as one tuple');
    await expect(compare.verdict(/One score, a range of ts/, 'multi')).toContainText('score = … AND ts BETWEEN … AND …');
    await expect(compare.verdict(/A range of ts alone/, 'concatenated')).toContainText('Cannot serve');
  });

  test('at 800 px the two orders stack and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    const compare = new CompareDesignsPage(page);
    await compare.open();
    await compare.right.selectOption('multi');
    await expect(compare.patterns).toBeVisible();
    const left = await compare.leftOrder.boundingBox();
    const right = await compare.rightOrder.boundingBox();
    expect(right && left && right.y >= left.y + left.height).toBe(true);
    await expectNoSidewaysScroll(page);
  });
});
