/*
 * "Is this address on this machine?", once, for every layer: the connection form and the
 * proxy route (src/sources), code generation's dummy local credentials (src/codegen), the
 * command-line tools (scripts/), and the app server's proxy when it checks the addresses a
 * target resolves to (src/server keeps only the Node parts: DNS lookup, net.isIP).
 *
 * The standard URL parser (the same in browsers and Node) turns every spelling of an address
 * into one: `0:0:0:0:0:0:0:1` and `[::0:1]` become `[::1]`, `::ffff:127.0.0.1` becomes
 * `[::ffff:7f00:1]`, `127.1` and `0x7f.0.0.1` become `127.0.0.1`, upper case becomes lower. So
 * no address is parsed by hand here.
 */

/** The canonical IPv6 loopback, and IPv4-mapped 127.0.0.0/8 (`::ffff:7fXX:XXXX`), as URL.hostname writes them. */
const IPV6_LOOPBACK = /^\[(?:::1|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4})\]$/;
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * A host as URL.hostname writes it (lower case, IPv4 in dotted decimal, IPv6 bracketed and
 * shortest), or undefined when the text is not a host at all. Takes a bare host, a bracketed
 * or bare IPv6 address (a socket's remoteAddress), never a port or a path.
 *
 * @example
 * canonicalHost('0:0:0:0:0:0:0:1') // '[::1]'
 * canonicalHost('LocalHost')       // 'localhost'
 * canonicalHost('127.1')           // '127.0.0.1'
 * canonicalHost('a/b')             // undefined
 */
export function canonicalHost(host: string): string | undefined {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare === '' || /[/?#@\\[\]\s]/.test(bare)) return undefined;
  const text = bare.includes(':') ? `[${bare}]` : bare;
  try {
    const url = new URL(`http://${text}/`);
    return url.port === '' ? url.hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when a host names this machine: `localhost` (and `*.localhost`, which browsers and
 * DynamoDB tooling send to loopback too), 127.0.0.0/8, or `::1` in any spelling (`[::1]`,
 * `0:0:0:0:0:0:0:1`, `::ffff:127.0.0.1`). Look-alikes are not: `127.0.0.1.evil.com`,
 * `localhost.evil`, `0.0.0.0`, `::`.
 *
 * @example
 * isLoopbackHost('[::1]')              // true
 * isLoopbackHost('::ffff:127.0.0.1')   // true
 * isLoopbackHost('127.0.0.1.evil.com') // false
 */
export function isLoopbackHost(host: string): boolean {
  const canonical = canonicalHost(host)?.replace(/\.$/, '');
  if (canonical === undefined) return false;
  return canonical === 'localhost' || canonical.endsWith('.localhost') || IPV4_LOOPBACK.test(canonical) || IPV6_LOOPBACK.test(canonical);
}

/**
 * True when a URL's host is this machine (see {@link isLoopbackHost}). False for text that is
 * not an absolute URL, and for a URL with a user name or password in it.
 *
 * @example
 * isLoopbackUrl('http://localhost:8000')          // true
 * isLoopbackUrl('http://[0:0:0:0:0:0:0:1]:8000')  // true
 * isLoopbackUrl('http://localhost.evil:8000')     // false
 * isLoopbackUrl('localhost:8000')                 // false: no scheme
 */
export function isLoopbackUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '' || parsed.hostname === '') return false;
  return isLoopbackHost(parsed.hostname);
}
