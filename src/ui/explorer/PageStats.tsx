import type { ResultPage } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { formatAttributeValue } from './formatAttributeValue';

/** Each page's figures as DynamoDB returned them: Count, ScannedCount, capacity and LastEvaluatedKey. */
export function PageStats({ pages, itemCount }: { pages: readonly ResultPage[]; itemCount: number }) {
  if (pages.length === 0) return null;
  return (
    <details className="page-stats" open={pages.length <= 3}>
      <summary>
        {itemCount} {itemCount === 1 ? 'item' : 'items'} in {pages.length} {pages.length === 1 ? 'page' : 'pages'}
        {pages[pages.length - 1]?.lastEvaluatedKey ? ' · more available' : ' · end of results'}
      </summary>
      <table className="stats-table" aria-label="Pages">
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Count</th>
            <th scope="col">ScannedCount</th>
            <th scope="col">Capacity</th>
            <th scope="col">LastEvaluatedKey</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page, index) => (
            <tr key={index}>
              <td>{index + 1}</td>
              <td>{page.count}</td>
              <td>{page.scannedCount}</td>
              <td>{page.consumedCapacity ?? '—'}</td>
              <td className="mono">
                {page.lastEvaluatedKey ? (
                  <VisibleText
                    text={Object.entries(page.lastEvaluatedKey)
                      .map(([name, value]) => `${name}=${formatAttributeValue(value)}`)
                      .join(', ')}
                  />
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
