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
 *
 * @example
 * splitEndpointUrl("HTTP://localhost:8000/x") // { scheme: "http", authority: "localhost:8000" }
 */
export function splitEndpointUrl(endpoint: string): { scheme: string; authority: string } | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i.exec(endpoint);
  return match ? { scheme: (match[1] as string).toLowerCase(), authority: match[2] as string } : undefined;
}

/**
 * True when the endpoint URL names this machine: `localhost` (and
 * `*.localhost`), 127.0.0.0/8 or `[::1]` (also written out in full or as an
 * IPv4-mapped 127.x address). Keylab's endpoint and the app's `/dynamodb`
 * route listen there too. (src/sources' isLoopbackHostname answers the same
 * for a parsed URL; codegen may not import sources, and the pure core has
 * no URL class to parse with.)
 *
 * @example
 * isLoopbackEndpoint("http://localhost:8000")       // true
 * isLoopbackEndpoint("http://127.0.0.2:8000")       // true
 * isLoopbackEndpoint("http://[::1]:8000")           // true
 * isLoopbackEndpoint("http://dynamodb:8000")        // false
 * isLoopbackEndpoint("https://dynamodb.eu-west-1.amazonaws.com") // false
 */
export function isLoopbackEndpoint(endpoint: string): boolean {
  const authority = splitEndpointUrl(endpoint)?.authority;
  if (authority === undefined || authority.includes('@')) return false;
  const ipv6 = /^\[([0-9a-f:.]+)\](?::\d*)?$/i.exec(authority)?.[1];
  if (ipv6 !== undefined) return isLoopbackIpv6(ipv6.toLowerCase());
  const host = authority.replace(/:\d*$/, '').toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackIpv4(host);
}

function isLoopbackIpv4(host: string): boolean {
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/** `::1` in any spelling (`0:0:0:0:0:0:0:1`, `::0:1`), or `::ffff:127.x.y.z`. */
function isLoopbackIpv6(address: string): boolean {
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return isLoopbackIpv4(mapped[1] as string);
  const halves = address.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return false;
  const all = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return false;
  return all.slice(0, 7).every((group) => parseInt(group, 16) === 0) && parseInt(all[7] as string, 16) === 1;
}
