import type { ExplorerError } from '../../../state';
import { VisibleText } from '../../common/VisibleText';

/** DynamoDB's own answer when it refused a request, as an alert. */
export function RefusalBox({ refusal }: { refusal: ExplorerError | undefined }) {
  if (!refusal) return null;
  return (
    <p className="error-box small" role="alert">
      <strong>{refusal.name}</strong>: <VisibleText text={refusal.message} />
    </p>
  );
}
