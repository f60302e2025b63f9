/**
 * Keylab's Node side, for scripts, tests and the Vite config:
 *   app/       the app server behind `npm start` (static files, its command line)
 *   proxy/     the loopback proxy (+ `--allow-endpoint`)
 *   profiles/  the AWS profile list and signer
 *   endpoint/  the built-in DynamoDB over HTTP (`npm run endpoint`)
 *   http/      what they share: routes, security headers, the bounded body
 *              reader, the same-origin guard, the upstream forwarder, shutdown
 * Code outside src/server imports from here (or a folder's index.ts), never a file inside a folder.
 */
export * from './app';
export * from './endpoint';
export * from './http';
export * from './profiles';
export * from './proxy';
