/*
 * The proxy's and the profile signer's error names are the registry's
 * (src/errors), wherever they are written: in the server that sends them, in
 * src/sources that classifies them, and in every test that expects one. The
 * types already tie the senders to the registry (ErrorAnswer carries a
 * WireErrorCode); this catches the rest, a name or code spelt out as a string
 * that the registry does not have. It lives here, not in src/errors, because
 * reading the source tree needs Node, which the pure core's tsconfig leaves out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isKeylabErrorCode, codeOfWireType } from '../../errors';
import { sendRefusal } from './forwardRequest';
import type { ServerResponse } from 'node:http';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where wire names are written; src/errors is the registry itself (and its tests spell unregistered codes on purpose). */
const SCANNED = ['src', 'integration'];
const SKIPPED = path.join(ROOT, 'src', 'errors');

/** A quoted wire type (`'ProxyTimeout'`, `…#ProxyRefused"`) or a quoted proxy/profile code (`'proxy.timeout'`). */
const WIRE_NAME = /['"`#]((?:Proxy|Profile)[A-Z][A-Za-z]*)['"`]/g;
const WIRE_CODE = /['"`]((?:proxy|profile)\.[A-Za-z]+)['"`]/g;

function sourceFiles(): string[] {
  return SCANNED.flatMap((folder) =>
    (readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !file.split(path.sep).includes('node_modules'))
      .map((file) => path.join(ROOT, folder, file))
      .filter((file) => !file.startsWith(SKIPPED + path.sep)),
  );
}

/** Every wire name and code spelt out in the scanned files, with where it stands. */
function spelledOut(): { text: string; kind: 'name' | 'code'; where: string }[] {
  const found: { text: string; kind: 'name' | 'code'; where: string }[] = [];
  for (const file of sourceFiles()) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      const where = `${path.relative(ROOT, file)}:${index + 1}`;
      for (const match of line.matchAll(WIRE_NAME)) found.push({ text: match[1] as string, kind: 'name', where });
      for (const match of line.matchAll(WIRE_CODE)) found.push({ text: match[1] as string, kind: 'code', where });
    });
  }
  return found;
}

describe('wire error names and codes', () => {
  it('uses only names and codes the registry (src/errors ERROR_CODES, WIRE_ERROR_TYPES) has', () => {
    const found = spelledOut();
    // The scan must see the senders and the classifier, or it checks nothing.
    expect(found.filter((entry) => entry.where.startsWith(path.join('src', 'server'))).length).toBeGreaterThan(20);
    expect(found.some((entry) => entry.where.startsWith(path.join('src', 'sources')) && entry.kind === 'code')).toBe(true);
    const unknown = found.filter((entry) => (entry.kind === 'name' ? codeOfWireType(entry.text) === undefined : !isKeylabErrorCode(entry.text)));
    expect(unknown.map((entry) => `${entry.where}: ${entry.text} is not in src/errors/errorCodes.ts`)).toEqual([]);
  });

  it('sends a refusal under the wire type of its code', () => {
    const headers = new Map<string, unknown>();
    let body = '';
    const res = {
      headersSent: false,
      statusCode: 200,
      setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
      end: (payload: Buffer) => (body = payload.toString('utf8')),
    } as unknown as ServerResponse;
    sendRefusal(res, { status: 504, code: 'proxy.timeout', message: 'localhost:8000 did not answer within 15 s.' }, 'com.keylab.proxy');
    expect(res.statusCode).toBe(504);
    expect(headers.get('x-amzn-errortype')).toBe('ProxyTimeout');
    expect(JSON.parse(body)).toEqual({ __type: 'com.keylab.proxy#ProxyTimeout', message: 'localhost:8000 did not answer within 15 s.' });
  });
});
