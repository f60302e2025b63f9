/**
 * For tests of the write paths: the real write confirmation, answered by the
 * test, and an AWS connection's confirming source over any data source. Not
 * imported by the app.
 */
import type { DynamoDBDataSource } from '../../engine';
import { confirmingDataSource, type WriteTarget } from '../../sources/confirmingDataSource';
import { createWriteConfirmationStore, type ConfirmWrite } from '../writeAccess';

export const AWS_TARGET: WriteTarget = { region: 'eu-west-1', endpoint: 'https://dynamodb.eu-west-1.amazonaws.com' };

/** `client` as an AWS connection (not Read-only) hands it to the explorer: writes only through a confirmed job. */
export const asAwsSource = (client: DynamoDBDataSource): DynamoDBDataSource => confirmingDataSource(client, AWS_TARGET);

export interface AnsweredWriteConfirmation {
  readonly confirmWrite: ConfirmWrite;
  /** The actions the confirmation asked about, in order (only AWS sources ask). */
  readonly asked: string[];
  /** The answer given to the next question. */
  answer: boolean;
}

/** The app's write confirmation, each question answered at once with `answered.answer`. */
export function answeredWriteConfirmation(answer = true): AnsweredWriteConfirmation {
  const store = createWriteConfirmationStore();
  const answered: AnsweredWriteConfirmation = { confirmWrite: store.getState().confirmWrite, asked: [], answer };
  store.subscribe(({ pending }) => {
    if (!pending) return;
    answered.asked.push(pending.action);
    store.getState().answer(answered.answer);
  });
  return answered;
}
