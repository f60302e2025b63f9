/**
 * Programs for an endpoint on this machine (DynamoDB Local, Keylab's own
 * endpoint) carry dummy credentials: such an endpoint checks none, but every
 * AWS SDK and the CLI refuse to send a request they cannot sign, so without
 * keys in the environment the program fails with NoCredentialsError (SDK),
 * NoCredentialsError (boto3) or "Unable to locate credentials" (CLI).
 *
 * They are also the access key id and secret Keylab's explorer signs with
 * for a local connection (src/state's connection form takes them from here:
 * state may import codegen, not the other way round), so a DynamoDB Local started without -sharedDb (one
 * database per access key id and region) shows the program the same tables.
 * They are never real keys, and endpoints elsewhere (AWS, a remote host) get
 * none: there the SDK's own credential chain applies.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'keylab', secretAccessKey: 'keylab-local' } as const;

/**
 * The comment that goes beside the dummy credentials, saying why they are there.
 *
 * @example
 * localCredentialsComment("#") // ["# Dummy keys, not real ones: …", "# …"]
 */
export function localCredentialsComment(marker: string): string[] {
  return [
    `${marker} Dummy keys, not real ones: a local endpoint checks no credentials, but every request must be signed.`,
    `${marker} (DynamoDB Local without -sharedDb keeps one set of tables per access key id: use the one the tables were made with.)`,
  ];
}

/**
 * The scheme (lower case) and authority (`host:port`) of a URL, or undefined
 * when the text does not start like one. The core has no URL class (it runs
 * in browsers and Node alike), and this is all code generation needs.
 * Whether the endpoint is this machine is src/dynamo's isLoopbackUrl.
 *
 * @example
 * splitEndpointUrl("HTTP://localhost:8000/x") // { scheme: "http", authority: "localhost:8000" }
 */
export function splitEndpointUrl(endpoint: string): { scheme: string; authority: string } | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(endpoint);
  return match ? { scheme: (match[1] as string).toLowerCase(), authority: match[2] as string } : undefined;
}
