import { describe, expect, it } from 'vitest';
import { createEngine, expectError, tableInput } from './engine.fixtures';

/*
 * TagResource, UntagResource, ListTagsOfResource and CreateTable's Tags,
 * with real DynamoDB's messages (DynamoDB Local does not implement tagging:
 * "Tagging is not currently supported in DynamoDB Local.").
 */

const ARN = 'arn:aws:dynamodb:ddblocal:000000000000:table/Orders';

async function orders() {
  const db = createEngine();
  await db.createTable(tableInput('Orders', [['id', 'S']], { Tags: [{ Key: 'team', Value: 'shop' }] }));
  return db;
}

describe('tags', () => {
  it('CreateTable keeps Tags; TagResource adds and overwrites in place; UntagResource removes, ignoring absent keys', async () => {
    const db = await orders();
    expect((await db.listTagsOfResource({ ResourceArn: ARN })).Tags).toEqual([{ Key: 'team', Value: 'shop' }]);
    await db.tagResource({
      ResourceArn: ARN,
      Tags: [
        { Key: 'env', Value: 'dev' },
        { Key: 'team', Value: 'orders' },
        { Key: 'empty', Value: '' },
      ],
    });
    expect((await db.listTagsOfResource({ ResourceArn: ARN })).Tags).toEqual([
      { Key: 'team', Value: 'orders' },
      { Key: 'env', Value: 'dev' },
      { Key: 'empty', Value: '' },
    ]);
    await db.untagResource({ ResourceArn: ARN, TagKeys: ['env', 'never-set'] });
    expect((await db.listTagsOfResource({ ResourceArn: ARN })).Tags).toEqual([
      { Key: 'team', Value: 'orders' },
      { Key: 'empty', Value: '' },
    ]);
    // Unicode letters, spaces and + - = . _ : / @ are allowed.
    await db.tagResource({ ResourceArn: ARN, Tags: [{ Key: 'ключ é', Value: 'a b+c-d=e.f_g:h/i@j' }] });
  });

  it('refuses bad tags, all or nothing, with DynamoDB messages', async () => {
    const db = await orders();
    const tag = (Key: string | undefined, Value: string | undefined) =>
      db.tagResource({ ResourceArn: ARN, Tags: [{ Key: 'ok', Value: '1' }, { Key, Value } as never] });
    await expectError(tag('k'.repeat(129), 'v'), 'ValidationException', `The Tag Key provided is invalid, Key: ${'k'.repeat(129)}`);
    await expectError(tag('', 'v'), 'ValidationException', 'The Tag Key provided is invalid, Key: ');
    await expectError(tag(undefined, 'v'), 'ValidationException', 'The Tag Key provided is invalid, Key: null');
    await expectError(tag('bad#char', 'v'), 'ValidationException', 'The Tag Key provided is invalid, Key: bad#char');
    await expectError(tag('k', 'v'.repeat(257)), 'ValidationException', `The Tag Value provided is invalid, Value: ${'v'.repeat(257)}`);
    await expectError(tag('k', undefined), 'ValidationException', 'The Tag Value provided is invalid, Value: null');
    await expectError(tag('k', '100%'), 'ValidationException', 'The Tag Value provided is invalid, Value: 100%');
    await expectError(tag('AWS:foo', 'v'), 'ValidationException', 'Tag Key cannot be prefixed with aws:, Key: AWS:foo');
    await expectError(tag('ok', '2'), 'ValidationException', 'Duplicate Tag Keys provided as input: Duplicate Tag Key found ok');
    await expectError(db.tagResource({ ResourceArn: ARN, Tags: [] }), 'ValidationException', 'Atleast one Tag needs to be provided as Input.');
    await expectError(
      db.tagResource({ ResourceArn: ARN } as never),
      'ValidationException',
      "1 validation error detected: Value null at 'tags' failed to satisfy constraint: Member must not be null",
    );
    await expectError(db.untagResource({ ResourceArn: ARN, TagKeys: [] }), 'ValidationException', 'Atleast one Tag Key needs to be provided as Input.');
    await expectError(db.untagResource({ ResourceArn: ARN, TagKeys: ['aws:x'] }), 'ValidationException', 'Tag Key cannot be prefixed with aws:, Key: aws:x');
    expect((await db.listTagsOfResource({ ResourceArn: ARN })).Tags).toEqual([{ Key: 'team', Value: 'shop' }]);
  });

  it('holds at most 50 tags, counted after the merge', async () => {
    const db = await orders();
    const many = (n: number, prefix = 'k') => Array.from({ length: n }, (_, i) => ({ Key: `${prefix}${i}`, Value: 'v' }));
    const tooMany = 'Number of Tags exceed the current limit for the provided ResourceArn';
    await expectError(db.tagResource({ ResourceArn: ARN, Tags: many(51) }), 'ValidationException', tooMany);
    await db.tagResource({ ResourceArn: ARN, Tags: many(49) });
    await expectError(db.tagResource({ ResourceArn: ARN, Tags: many(1, 'new') }), 'ValidationException', tooMany);
    // Overwriting existing keys at 50 is fine.
    await db.tagResource({
      ResourceArn: ARN,
      Tags: [
        { Key: 'k0', Value: 'changed' },
        { Key: 'team', Value: 'x' },
      ],
    });
    expect((await db.listTagsOfResource({ ResourceArn: ARN })).Tags).toHaveLength(50);
    await expectError(db.untagResource({ ResourceArn: ARN, TagKeys: many(51).map((t) => t.Key) }), 'ValidationException', tooMany);
    await expectError(db.createTable(tableInput('Big', [['id', 'S']], { Tags: many(51) })), 'ValidationException', tooMany);
    await expectError(db.describeTable({ TableName: 'Big' }), 'ResourceNotFoundException', /not found/);
  });

  it('resolves the table ARN as DynamoDB does', async () => {
    const db = await orders();
    await expectError(db.listTagsOfResource({} as never), 'ValidationException', 'Invalid TableArn');
    // Text that is no ARN: DynamoDB once answered AccessDeniedException (dynalite's recordings); today a ValidationException.
    for (const bad of ['abcd', '', 'a:b:c:d:e:f', `${ARN}/index/byStatus`, 'arn:aws:dynamodb:ddblocal:000000000000:table/ab', 'a:b:c:d:e:f/g']) {
      await expectError(db.listTagsOfResource({ ResourceArn: bad }), 'ValidationException', `Invalid TableArn: Invalid ResourceArn provided as input ${bad}`);
      await expectError(
        db.tagResource({ ResourceArn: bad, Tags: [{ Key: 'a', Value: 'b' }] }),
        'ValidationException',
        `Invalid TableArn: Invalid ResourceArn provided as input ${bad}`,
      );
    }
    for (const missing of [`${ARN}x`, ARN.replace('ddblocal', 'us-east-1'), ARN.replace('000000000000', '123456789012')]) {
      await expectError(
        db.tagResource({ ResourceArn: missing, Tags: [{ Key: 'a', Value: 'b' }] }),
        'ResourceNotFoundException',
        `Requested resource not found: ResourceArn: ${missing} not found`,
      );
      await expectError(db.untagResource({ ResourceArn: missing, TagKeys: ['a'] }), 'ResourceNotFoundException', /not found$/);
      // ListTagsOfResource on a well-formed ARN of no table: IAM refuses it, as DynamoDB answers.
      await expectError(
        db.listTagsOfResource({ ResourceArn: missing }),
        'AccessDeniedException',
        `User: arn:aws:iam::000000000000:root is not authorized to perform: dynamodb:ListTagsOfResource on resource: ${missing}`,
      );
    }
    // Request errors come before the table is looked up.
    await expectError(db.tagResource({ ResourceArn: `${ARN}x`, Tags: [] }), 'ValidationException', 'Atleast one Tag needs to be provided as Input.');
  });

  it('stores changes as updateTable; requests that change nothing store nothing', async () => {
    const db = await orders();
    const changes: string[] = [];
    db.subscribe((change) => changes.push(change.type));
    await db.tagResource({ ResourceArn: ARN, Tags: [{ Key: 'team', Value: 'shop' }] });
    await db.untagResource({ ResourceArn: ARN, TagKeys: ['absent'] });
    expect(changes).toEqual([]);
    await db.tagResource({ ResourceArn: ARN, Tags: [{ Key: 'team', Value: 'other' }] });
    expect(changes).toEqual(['updateTable']);
  });
});
