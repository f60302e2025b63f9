import { describe, expect, it } from 'vitest';
import { openBuiltInTableInMemory } from '../../../sources';
import { createExplorerStore } from '../../explorerStore';
import { answeredWriteConfirmation, asAwsSource } from '../../testing/writeConfirmations';
import { createPartiqlStore } from './partiqlStore';

/*
 * The PartiQL store without React, on the built-in table: what it starts with,
 * and what it refuses before sending. ExecuteStatement itself runs against the
 * real DynamoDB Local in integration/explorerPartiql.test.ts.
 */
async function connected() {
  const builtIn = await openBuiltInTableInMemory();
  const explorer = createExplorerStore();
  await explorer.getState().connect(builtIn.source, 'Built-in table');
  await explorer.getState().selectTable('Leaderboard');
  return { builtIn, explorer, partiql: createPartiqlStore({ explorer, confirmWrite: answeredWriteConfirmation().confirmWrite }) };
}

describe('the PartiQL store', () => {
  it('starts with a Query on the explorer’s table, and follows it until the user edits the statement', async () => {
    const { explorer, partiql } = await connected();
    expect(partiql.getState()).toMatchObject({ statement: 'SELECT * FROM "Leaderboard" WHERE "leaderboardId" = ?', parametersText: '[{"S": ""}]' });
    await explorer.getState().selectTable('AuditLog');
    expect(partiql.getState().statement).toBe('SELECT * FROM "AuditLog" WHERE "PK" = ?');
    partiql.getState().setStatement('SELECT * FROM "AuditLog"');
    await explorer.getState().selectTable('Leaderboard');
    expect(partiql.getState().statement).toBe('SELECT * FROM "AuditLog"');
  });

  it('refuses an empty statement, parameters that are not DynamoDB JSON and a bad Limit, and sends nothing', async () => {
    const { partiql } = await connected();
    partiql.getState().setStatement('  ');
    partiql.getState().setParameters('[{"S": 1}]');
    partiql.getState().setLimit('0');
    await partiql.getState().run();
    const state = partiql.getState();
    expect(state.errors).toEqual({
      statement: 'Write a PartiQL statement, e.g. SELECT * FROM "Table" WHERE "pk" = ?',
      parameters: 'Parameter 1 (line 1, column 2) at S: a string value is text: write {"S": "…"}, not the number 1.',
      limit: 'Limit must be at least 1; 0 is smaller.',
    });
    expect(state.runCount).toBe(0);
    expect(state.runError).toBeUndefined();
    // Editing a field clears its own message only.
    partiql.getState().setLimit('5');
    expect(Object.keys(partiql.getState().errors).filter((field) => partiql.getState().errors[field as 'limit'])).toEqual(['statement', 'parameters']);
  });

  it('on AWS sends a SELECT at once, and a statement that writes only after the write confirmation (nothing on No)', async () => {
    const builtIn = await openBuiltInTableInMemory();
    const explorer = createExplorerStore();
    await explorer.getState().connect(asAwsSource(builtIn.source), 'AWS eu-west-1');
    await explorer.getState().selectTable('AuditLog');
    const confirmation = answeredWriteConfirmation(false);
    const partiql = createPartiqlStore({ explorer, confirmWrite: confirmation.confirmWrite });
    const key = { PK: { S: 'confirm-test' }, SK: { S: '1' } };
    const stored = async () => (await builtIn.source.getItem({ TableName: 'AuditLog', Key: key })).Item;
    partiql.getState().setParameters('[]');
    partiql.getState().setStatement('SELECT * FROM "AuditLog"');
    await partiql.getState().run();
    expect(partiql.getState().runError).toBeUndefined();
    const insert = `INSERT INTO "AuditLog" VALUE {'PK': 'confirm-test', 'SK': '1'}`;
    partiql.getState().setStatement(insert);
    await partiql.getState().run();
    expect(partiql.getState()).toMatchObject({ running: false, runError: undefined, items: [] });
    expect(await stored()).toBeUndefined();
    confirmation.answer = true;
    await partiql.getState().run();
    expect(partiql.getState().runError).toBeUndefined();
    expect(await stored()).toEqual(key);
    expect(confirmation.asked).toEqual([`Run the PartiQL statement ${insert}`, `Run the PartiQL statement ${insert}`]);
    partiql.getState().dispose();
  });

  it('a new statement clears the previous one’s refusal, and a write says what it did', async () => {
    const { builtIn, partiql } = await connected();
    partiql.getState().setParameters('[]');
    partiql.getState().setStatement('SELECT * FROM "NoSuchTable"');
    await partiql.getState().run();
    expect(partiql.getState().runError?.name).toBe('ResourceNotFoundException');

    // Refused before sending: the old refusal goes, only the new message stays.
    partiql.getState().setParameters('[{"S": 1}]');
    await partiql.getState().run();
    expect(partiql.getState().errors.parameters).toMatch(/at S: a string value is text/);
    expect(partiql.getState().runError).toBeUndefined();

    partiql.getState().setParameters('[]');
    partiql.getState().setStatement(`INSERT INTO "AuditLog" VALUE {'PK': 'partiql-outcome', 'SK': '1', 'note': 'x'}`);
    await partiql.getState().run();
    expect(partiql.getState()).toMatchObject({ runError: undefined, outcome: 'INSERT succeeded: 1 item written.' });
    partiql.getState().setStatement(`UPDATE "AuditLog" SET "note" = 'y' WHERE "PK" = 'partiql-outcome' AND "SK" = '1'`);
    await partiql.getState().run();
    expect(partiql.getState().outcome).toBe('UPDATE succeeded: 1 item updated.');
    partiql.getState().setStatement(`DELETE FROM "AuditLog" WHERE "PK" = 'partiql-outcome' AND "SK" = '1'`);
    await partiql.getState().run();
    expect(partiql.getState().outcome).toMatch(/^DELETE succeeded/);
    expect((await builtIn.source.getItem({ TableName: 'AuditLog', Key: { PK: { S: 'partiql-outcome' }, SK: { S: '1' } } })).Item).toBeUndefined();

    // Refused by DynamoDB: the refusal, and no success left from before.
    partiql.getState().setStatement(`UPDATE "AuditLog" SET "note" = 'z' WHERE "PK" = 'partiql-outcome' AND "SK" = '1'`);
    await partiql.getState().run();
    expect(partiql.getState().runError?.name).toBe('ConditionalCheckFailedException');
    expect(partiql.getState().outcome).toBeUndefined();
    partiql.getState().setStatement('SELECT * FROM "AuditLog"');
    await partiql.getState().run();
    expect(partiql.getState()).toMatchObject({ runError: undefined, outcome: undefined });
    partiql.getState().dispose();
  });

  it('drops the results of another connection', async () => {
    const { explorer, partiql } = await connected();
    partiql.setState({ items: [{ a: { S: 'x' } }], pages: [{ itemCount: 1, nextToken: 't' }] });
    const other = await openBuiltInTableInMemory();
    await explorer.getState().connect(other.source, 'Another');
    expect(partiql.getState()).toMatchObject({ items: [], pages: [] });
    partiql.getState().dispose();
  });
});
