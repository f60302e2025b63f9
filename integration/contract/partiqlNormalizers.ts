import { binaryInMessages, indexNameInMessage, KNOWN_MESSAGE_DIFFERENCES, messageDifference, type Comparison, type Normalizer } from './normalize';
import type { Outcome } from './outcome';

/**
 * The PartiQL normalisers the contract suite (partiqlContract.test.ts) and the
 * differential test (partiqlDifferential.test.ts) share: each a documented
 * DynamoDB Local difference (README, "PartiQL") or a clock reading.
 */

/** The NextToken's position (op index and key); its creationTime is a clock reading and differs. */
export const nextTokenPosition: Normalizer = (comparison) => {
  const position = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(position);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => [
        key,
        key === 'NextToken' && typeof member === 'string'
          ? JSON.parse(Buffer.from(member, 'base64').toString('utf8')).opIndexToExclusiveNextKey
          : position(member),
      ]),
    );
  };
  const map = (outcome: Outcome): Outcome => (outcome.ok ? { ok: true, value: position(outcome.value) } : outcome);
  return { ...comparison, engine: map(comparison.engine), local: map(comparison.local) };
};

/**
 * A statement that does not parse: DynamoDB's message starts `Statement wasn't
 * well formed, can't be processed: `; DynamoDB Local then repeats the
 * statement, the engine says what is wrong and where.
 */
export const malformedStatement = messageDifference(
  'a malformed statement',
  /^Statement wasn't well formed, can't be processed: /,
  /^Statement wasn't well formed, can't be processed: .+ at \d+:\d+$/,
);

/** An INSERT of an existing key: DynamoDB's exception is DuplicateItemException (API reference); DynamoDB Local names it DuplicateItem. */
export const duplicateItemName: Normalizer = (comparison: Comparison) => {
  const { engine, local } = comparison;
  if (engine.ok || local.ok || local.name !== 'DuplicateItem' || engine.name !== 'DuplicateItemException') return comparison;
  return { ...comparison, local: { ...local, name: engine.name } };
};

/** A missing Statement: DynamoDB reports the member constraint; DynamoDB Local fails with InternalFailure. */
export const missingStatement = (comparison: Comparison): Comparison => {
  const { engine, local } = comparison;
  if (engine.ok || local.ok || local.name !== 'InternalFailure') return comparison;
  if (engine.message !== "1 validation error detected: Value null at 'statement' failed to satisfy constraint: Member must not be null") return comparison;
  return { ...comparison, local: engine };
};

/**
 * A statement over 8,192 characters: DynamoDB reports the member constraint with the value and
 * member path (`1 validation error detected: Value '…' at 'statement' failed to satisfy constraint: …`);
 * DynamoDB Local says only the constraint.
 */
export const statementTooLong = messageDifference(
  'a statement over 8,192 characters',
  /^Member must have length less than or equal to 8192$/,
  /^1 validation error detected: Value '[^]*' at '(statement|statements\.\d+\.member\.statement|transactStatements\.\d+\.member\.statement)' failed to satisfy constraint: Member must have length less than or equal to 8192$/,
);

/** A batch statement's ResourceNotFound error: `Requested resource not found` on DynamoDB (as missingTableMessage says), DynamoDB Local's own words in the batch response. */
export const batchMissingTable: Normalizer = (comparison) => {
  const rewrite = (value: unknown): unknown => {
    const responses = (value as { Responses?: { Error?: { Code?: string; Message?: string } }[] }).Responses;
    if (!Array.isArray(responses)) return value;
    return {
      ...(value as object),
      Responses: responses.map((response) =>
        response.Error?.Code === 'ResourceNotFound' && response.Error.Message === 'Cannot do operations on a non-existent table'
          ? { ...response, Error: { ...response.Error, Message: 'Requested resource not found' } }
          : response,
      ),
    };
  };
  return comparison.local.ok ? { ...comparison, local: { ok: true, value: rewrite(comparison.local.value) } } : comparison;
};

/**
 * A batch statement's error message: the item and key messages DynamoDB Local words its own way
 * (KNOWN_MESSAGE_DIFFERENCES, binary operands, index names) are normalised in each `Responses[i].Error` as they
 * are for a whole request's error — only between two errors of the same Code at the same position.
 */
export const batchStatementMessages: Normalizer = (comparison) => {
  type Responses = { Error?: { Code?: string; Message?: string } }[];
  if (!comparison.engine.ok || !comparison.local.ok) return comparison;
  const engineOutput = comparison.engine.value as { Responses?: Responses };
  const localOutput = comparison.local.value as { Responses?: Responses };
  const engineResponses = engineOutput.Responses;
  const localResponses = localOutput.Responses;
  if (!Array.isArray(engineResponses) || !Array.isArray(localResponses)) return comparison;
  const normalizers = [binaryInMessages, ...KNOWN_MESSAGE_DIFFERENCES, indexNameInMessage];
  const pairs = engineResponses.map((engine, i) => {
    const local = localResponses[i];
    if (!engine.Error || !local?.Error || engine.Error.Code !== local.Error.Code || engine.Error.Message === local.Error.Message)
      return [engine, local] as const;
    const asError = (message: string | undefined): Outcome => ({ ok: false, name: 'ValidationException', message: message ?? '' });
    let single: Comparison = { ...comparison, engine: asError(engine.Error.Message), local: asError(local.Error.Message) };
    for (const normalize of normalizers) single = normalize(single);
    const message = (outcome: Outcome) => (outcome.ok ? undefined : outcome.message);
    return [
      { ...engine, Error: { ...engine.Error, Message: message(single.engine) } },
      { ...local, Error: { ...local.Error, Message: message(single.local) } },
    ] as const;
  });
  return {
    ...comparison,
    engine: { ok: true, value: { ...engineOutput, Responses: pairs.map(([engine]) => engine) } },
    local: { ok: true, value: { ...localOutput, Responses: pairs.map(([, local]) => local) } },
  };
};

/** Every PartiQL normaliser, for any ExecuteStatement, BatchExecuteStatement or ExecuteTransaction comparison. */
export const PARTIQL_NORMALIZERS: readonly Normalizer[] = [
  nextTokenPosition,
  malformedStatement,
  duplicateItemName,
  missingStatement,
  statementTooLong,
  batchMissingTable,
  batchStatementMessages,
];
