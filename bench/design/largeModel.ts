/**
 * A large NoSQL Workbench model as the attack used: one table, `items` items
 * (users, their orders and their sessions under key prefixes, no facets, so
 * import groups them by prefix and infers every template), about 100 bytes an
 * item: 150,000 items make a 15 MB file. Shared by the large-import bench and
 * the e2e tests of the import's progress and Cancel.
 */
export function largeWorkbenchModel(items: number, name = 'Large model'): string {
  const data: string[] = [];
  for (let i = 0; i < items; i++) {
    const user = `u${String(Math.floor(i / 10)).padStart(6, '0')}`;
    const kind = i % 10;
    if (kind === 0) data.push(`{"PK":{"S":"USER#${user}"},"SK":{"S":"PROFILE"},"email":{"S":"${user}@example.com"},"plan":{"S":"pro"},"v":{"S":"01234"}}`);
    else if (kind < 8)
      data.push(
        `{"PK":{"S":"USER#${user}"},"SK":{"S":"ORDER#2026-0${1 + (kind % 9)}-1${kind}T10:0${kind}:00Z"},"total":{"N":"${(i * 7) % 1000}"},"v":{"S":"01234"}}`,
      );
    else data.push(`{"PK":{"S":"USER#${user}"},"SK":{"S":"SESSION#s${String(i).padStart(7, '0')}"},"ttl":{"N":"${1_800_000_000 + i}"},"v":{"S":"01234"}}`);
  }
  return `{"ModelName":${JSON.stringify(name)},"ModelMetadata":{"Version":"3.0"},"DataModel":[{"TableName":"Big","KeyAttributes":{"PartitionKey":{"AttributeName":"PK","AttributeType":"S"},"SortKey":{"AttributeName":"SK","AttributeType":"S"}},"TableData":[${data.join(',')}]}]}`;
}
