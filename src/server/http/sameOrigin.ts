/**
 * The one same-origin guard of the app server's Node routes (the loopback
 * proxy, the profile list and signer, the allowed-endpoint list): only
 * Keylab's own page on this machine may use them. A proxy that any web page
 * could reach would let every site open in the browser read local databases.
 *
 * - `Host` must be exactly `localhost:<port>`, `127.0.0.1:<port>` or
 *   `[::1]:<port>` for the port the request arrived on — a DNS-rebinding page
 *   (evil.example resolving to 127.0.0.1) sends its own host name;
 * - `Origin`, when sent, must be one of the same three origins, and
 *   `Sec-Fetch-Site`, when sent, must say `same-origin` (or `none`).
 */
import type { IncomingMessage } from 'node:http';
import type { ErrorAnswer } from './forwardRequest';

/** The origins (and Host values) of the app itself for the port a request arrived on. */
export function appHosts(port: number): readonly string[] {
  return [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
}

/**
 * Checks that a request comes from the app's own page on this machine.
 * Returns a refusal, or undefined when the request may proceed.
 */
export function checkSameOrigin(req: IncomingMessage): (ErrorAnswer & { readonly code: 'proxy.refused' }) | undefined {
  const port = req.socket.localPort;
  const hosts = port ? appHosts(port) : [];
  const host = req.headers.host ?? '';
  if (!hosts.includes(host.toLowerCase())) {
    return {
      status: 403,
      code: 'proxy.refused',
      message: `Refused: the proxy only answers requests addressed to ${hosts.join(', ')} (this request's Host is ${JSON.stringify(host)}). Open Keylab at http://localhost:${port ?? '<port>'}/.`,
    };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((allowed) => origin.toLowerCase() === `http://${allowed}`)) {
    return {
      status: 403,
      code: 'proxy.refused',
      message: `Refused: requests from the web origin ${JSON.stringify(origin)} may not use Keylab's proxy; only Keylab's own page (http://localhost:${port}) may.`,
    };
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { status: 403, code: 'proxy.refused', message: `Refused: a ${site} request may not use Keylab's proxy; only Keylab's own page may.` };
  }
  return undefined;
}
