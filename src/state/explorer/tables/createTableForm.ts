import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { KeyType } from '../../../keys';

/** The Create table dialog's fields, as typed. */
export interface CreateTableForm {
  readonly tableName: string;
  readonly partitionKeyName: string;
  readonly partitionKeyType: KeyType;
  /** Empty: no sort key. */
  readonly sortKeyName: string;
  readonly sortKeyType: KeyType;
  readonly billingMode: 'PAY_PER_REQUEST' | 'PROVISIONED';
  readonly readCapacity: string;
  readonly writeCapacity: string;
}

export type CreateTableErrors = Partial<Record<keyof CreateTableForm, string>>;

export const EMPTY_CREATE_TABLE_FORM: CreateTableForm = {
  tableName: '',
  partitionKeyName: '',
  partitionKeyType: 'S',
  sortKeyName: '',
  sortKeyType: 'S',
  billingMode: 'PAY_PER_REQUEST',
  readCapacity: '5',
  writeCapacity: '5',
};

/** DynamoDB's table-name rule: 3 to 255 characters of letters, digits, `_`, `-` and `.`. */
const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;
const POSITIVE_INTEGER = /^[1-9][0-9]*$/;

/** What is wrong with `form`, by field (empty when it can be sent). Checked before sending, as DynamoDB would refuse. */
export function validateCreateTable(form: CreateTableForm): CreateTableErrors {
  const errors: CreateTableErrors = {};
  const name = form.tableName;
  if (name.length < 3 || name.length > 255) {
    errors.tableName = `Table name: "${name}" is ${name.length} character${name.length === 1 ? '' : 's'} long; a table name has 3 to 255 characters.`;
  } else if (!TABLE_NAME.test(name)) {
    errors.tableName = `Table name: "${name}" has characters DynamoDB does not allow; use only letters, digits, "_", "-" and ".".`;
  }
  if (form.partitionKeyName.length === 0) errors.partitionKeyName = 'Partition key name: empty; type the name of the partition key attribute.';
  if (form.sortKeyName.length > 0 && form.sortKeyName === form.partitionKeyName) {
    errors.sortKeyName = `Sort key name: "${form.sortKeyName}" is also the partition key; give the sort key another name, or leave it empty for no sort key.`;
  }
  if (form.billingMode === 'PROVISIONED') {
    for (const [field, label] of [
      ['readCapacity', 'Read capacity'],
      ['writeCapacity', 'Write capacity'],
    ] as const) {
      if (!POSITIVE_INTEGER.test(form[field].trim())) errors[field] = `${label}: "${form[field]}" is not a positive whole number; type 1 or more.`;
    }
  }
  return errors;
}

/** The CreateTable request for a valid `form`. */
export function createTableRequest(form: CreateTableForm): CreateTableCommandInput {
  const keys = [{ name: form.partitionKeyName, type: form.partitionKeyType, role: 'HASH' as 'HASH' | 'RANGE' }];
  if (form.sortKeyName.length > 0) keys.push({ name: form.sortKeyName, type: form.sortKeyType, role: 'RANGE' });
  return {
    TableName: form.tableName,
    AttributeDefinitions: keys.map((key) => ({ AttributeName: key.name, AttributeType: key.type })),
    KeySchema: keys.map((key) => ({ AttributeName: key.name, KeyType: key.role })),
    ...(form.billingMode === 'PROVISIONED'
      ? { BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: Number(form.readCapacity.trim()), WriteCapacityUnits: Number(form.writeCapacity.trim()) } }
      : { BillingMode: 'PAY_PER_REQUEST' }),
  };
}
