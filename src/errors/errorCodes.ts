/**
 * The registry of Keylab's own error codes: every dotted code any layer
 * reports, with what it means. Codes are stable (tests, docs and callers
 * branch on them); messages are for people and may change.
 *
 * A code is `<domain>.<name>`. The domain says who reports it: `template`,
 * `keys` and `advisor` are key-design findings (`KeyFinding`), `persistence`
 * the storage adapters, `codegen` "Copy as", `proxy` and `profile` the local
 * server's proxy and profile signer. DynamoDB's own errors are not here: they
 * keep the SDK's shape (`DynamoDBError`, named like `ValidationException`).
 *
 * To add a code, add it here first; the types of every reporter follow.
 */
export const ERROR_CODES = {
  // --- Key templates (KeyFinding) ---
  'template.empty': 'The key template has no text.',
  'template.syntax': 'The key template does not parse (an unclosed brace, a bad field name).',
  'template.unknownType': 'A field names a format Keylab does not know.',
  'template.badArguments': "A field's format has arguments it cannot take (a width out of range).",
  'template.duplicateField': 'Two fields of one template have the same name.',
  'template.ambiguousField': 'A string field is followed by another field with no literal between them, so keys cannot be read back.',

  // --- Field values and whole keys (KeyFinding) ---
  'keys.missingValue': 'A field of the key has no value.',
  'keys.notANumber': 'A numeric field was given text that is not a number.',
  'keys.notWholeNumber': 'An integer field was given a fraction.',
  'keys.negativeUnsigned': 'An unsigned field was given a negative number.',
  'keys.padOverflow': "A number has more digits than its field's width holds.",
  'keys.tooManyFractionDigits': 'A decimal has more fraction digits than its field keeps.',
  'keys.invalidDate': 'A timestamp names a date that does not exist.',
  'keys.notIsoDate': 'A timestamp field was given text that is not an ISO-8601 instant.',
  'keys.precisionLoss': 'A timestamp is more precise than its field stores, so two instants could share a key.',
  'keys.delimiterInValue': "A string value contains the literal that ends its field, so the key can't be read back.",
  'keys.invalidUnicode': 'A value contains a lone surrogate, which has no UTF-8 encoding.',
  'keys.emptyKey': 'The key is empty; DynamoDB keys are at least one byte.',
  'keys.sortKeyTooLong': "The sort key is over DynamoDB's 1,024-byte limit.",
  'keys.partitionKeyTooLong': "The partition key is over DynamoDB's 2,048-byte limit.",
  'keys.decodeMismatch': 'A stored key was not written by this template.',
  'keys.duplicateKey': 'Two sample rows encode to the same key, so the second write replaces the first.',
  'keys.numbersAsText': 'A string field whose values all read as numbers: they sort as text, not by value.',
  'keys.datesAsText': 'A string field whose values all read as dates in a form that does not sort by time.',

  // --- Width advisor (KeyFinding) ---
  'advisor.badLargestValue': 'The largest value given to the width advisor is not a usable whole number.',
  'advisor.badHeadroom': 'The headroom given to the width advisor is not a usable number of digits.',

  // --- Persistence (PersistenceError) ---
  'persistence.unavailable': 'IndexedDB is missing or refused (private browsing, disabled storage, sandboxed frame).',
  'persistence.inUse': 'Another tab or process holds the stored data.',
  'persistence.takenOver': 'Another tab took the stored data over: this one stopped writing.',
  'persistence.blocked': 'A schema upgrade waits for another tab that keeps an older version open.',
  'persistence.versionChange': 'Another tab upgraded or deleted the database, so this connection was closed.',
  'persistence.newerFormat': 'The stored data was written by a newer Keylab.',
  'persistence.closed': 'The store was closed (by close() or by the browser).',
  'persistence.quotaExceeded': 'The browser or the disk refused to store more data.',
  'persistence.writeFailed': 'A write failed for another reason.',
  'persistence.readFailed': 'Reading the stored tables failed.',
  'persistence.corrupt': 'Stored data cannot be read back (a damaged file, an unknown record).',
  'persistence.damagedRecords': 'Damaged records in the middle of a data file (checksum mismatch): a repairing load (--data-repair) drops them.',
  'persistence.notLoaded': 'The persistence hook was used before load(engine): a wiring mistake.',

  // --- Code generation ("Copy as") ---
  'codegen.unsupportedOperation': 'Copy as writes Query and Scan requests only.',
  'codegen.missingTableName': 'The request has no table name.',
  'codegen.missingKeyCondition': 'A Query without a KeyConditionExpression.',
  'codegen.legacyParameter': 'The request uses a legacy (pre-expression) parameter.',
  'codegen.unknownParameter': 'The request has a parameter Copy as does not know, so it cannot promise the same result.',
  'codegen.unwritableValue': 'An AttributeValue that no target can write (empty, or of an unknown type).',
  'codegen.badRegion': 'The region option is not an AWS region name.',
  'codegen.badEndpoint': 'The endpoint option is not an http(s) URL, or carries credentials.',
  'codegen.countProgram': 'A program for Select COUNT, which returns no items to print.',
  'codegen.unknownTarget': 'A target language or client Copy as does not know.',

  // --- The app server's loopback proxy (sent as com.keylab.proxy#<wire type>) ---
  'proxy.refused': 'The proxy will not serve the request (method, origin, a loop).',
  'proxy.badTarget': 'The target endpoint is not one the proxy forwards to.',
  'proxy.connectionRefused': 'Nothing listens at the target endpoint.',
  'proxy.unreachable': 'The target endpoint could not be reached or closed the connection.',
  'proxy.timeout': 'The target endpoint did not answer in time.',
  'proxy.tlsError': 'TLS failed talking to the target endpoint.',
  'proxy.requestTooLarge': 'The request body is over the limit.',

  // --- The app server's profile signer (sent as com.keylab.profile#<wire type>) ---
  'profile.notFound': 'No AWS profile of that name.',
  'profile.loginRequired': 'The profile needs a login first (aws sso login).',
  'profile.roleFailed': "The profile's role could not be assumed.",
  'profile.processFailed': "The profile's credential_process failed.",
  'profile.credentialsUnavailable': 'The profile gave no credentials.',
  'profile.timeout': 'Resolving the profile took too long.',
} as const satisfies Readonly<Record<`${string}.${string}`, string>>;

/** Every code Keylab reports. */
export type KeylabErrorCode = keyof typeof ERROR_CODES;

/** The part of a code before the dot: who reports it. */
export type ErrorDomain = KeylabErrorCode extends `${infer Domain}.${string}` ? Domain : never;

/** The codes of one or more domains, e.g. `CodesOf<'proxy'>`. */
export type CodesOf<Domain extends ErrorDomain> = Extract<KeylabErrorCode, `${Domain}.${string}`>;

/** Codes of key-design findings: templates, field values and keys, the width advisor. */
export type KeyFindingCode = CodesOf<'template' | 'keys' | 'advisor'>;
/** Codes of the persistence adapters. */
export type PersistenceErrorCode = CodesOf<'persistence'>;
/** Codes of "Copy as" code generation. */
export type CodegenErrorCode = CodesOf<'codegen'>;
/** Codes of the app server's proxy. */
export type ProxyErrorCode = CodesOf<'proxy'>;
/** Codes of the app server's profile signer. */
export type ProfileErrorCode = CodesOf<'profile'>;

/**
 * How proxy and profile errors travel to the page: as the error type of a
 * DynamoDB-shaped error body (`__type: "com.keylab.proxy#ProxyRefused"`),
 * which the SDK turns into the error's `name`.
 */
export const WIRE_ERROR_TYPES = {
  'proxy.refused': 'ProxyRefused',
  'proxy.badTarget': 'ProxyBadTarget',
  'proxy.connectionRefused': 'ProxyConnectionRefused',
  'proxy.unreachable': 'ProxyUnreachable',
  'proxy.timeout': 'ProxyTimeout',
  'proxy.tlsError': 'ProxyTLSError',
  'proxy.requestTooLarge': 'ProxyRequestTooLarge',
  'profile.notFound': 'ProfileNotFound',
  'profile.loginRequired': 'ProfileLoginRequired',
  'profile.roleFailed': 'ProfileRoleFailed',
  'profile.processFailed': 'ProfileProcessFailed',
  'profile.credentialsUnavailable': 'ProfileCredentialsUnavailable',
  'profile.timeout': 'ProfileTimeout',
} as const satisfies Readonly<Record<ProxyErrorCode | ProfileErrorCode, string>>;

/** The codes that travel to the page as a wire error type: the proxy's and the profile signer's. */
export type WireErrorCode = keyof typeof WIRE_ERROR_TYPES;

/** The error type a proxy or profile code travels as, e.g. `ProxyRefused`. */
export type WireErrorType = (typeof WIRE_ERROR_TYPES)[WireErrorCode];

const CODES_BY_WIRE_TYPE: ReadonlyMap<string, WireErrorCode> = new Map(
  (Object.entries(WIRE_ERROR_TYPES) as [WireErrorCode, WireErrorType][]).map(([code, type]) => [type, code]),
);

/**
 * True when `code` is in the registry.
 *
 * @example
 * isKeylabErrorCode("proxy.timeout") // true
 * isKeylabErrorCode("ECONNREFUSED")  // false
 */
export function isKeylabErrorCode(code: unknown): code is KeylabErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/**
 * The code a wire error type stands for, or `undefined` for any other name.
 *
 * @example
 * codeOfWireType("ProxyTimeout")        // "proxy.timeout"
 * codeOfWireType("ValidationException") // undefined
 */
export function codeOfWireType(type: string): WireErrorCode | undefined {
  return CODES_BY_WIRE_TYPE.get(type);
}
