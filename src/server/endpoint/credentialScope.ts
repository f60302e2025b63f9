import type { IncomingHttpHeaders } from 'node:http';

/**
 * The access key id and region a request is signed for, read from its
 * SigV4 `Authorization` header (`Credential=AKID/DATE/REGION/SERVICE/aws4_request`):
 * what DynamoDB Local keeps its databases apart by when it runs without
 * `-sharedDb`. Nothing is verified (no signature check) and nothing here is
 * ever logged.
 *
 * Stand-in with the signature of `readSigningScope(headers)` (src/server/endpoint/signingScope.ts,
 * written on the `states` branch, which also answers a missing or malformed header with
 * DynamoDB's errors); at the merge this file gives way to it.
 */
export interface CredentialScope {
  readonly accessKeyId: string;
  readonly region: string;
}

const CREDENTIAL = /Credential=([^/,\s]+)\/[^/,\s]*\/([^/,\s]+)\//;

/** The scope of a signed request, or undefined when it carries no readable Authorization header. */
export function readCredentialScope(headers: IncomingHttpHeaders): CredentialScope | undefined {
  const header = headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = CREDENTIAL.exec(header);
  if (!match) return undefined;
  return { accessKeyId: match[1] as string, region: match[2] as string };
}
