import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer, type AppServer } from '../app';
import { awsProfileRoutes, PROFILE_MAX_BODY_BYTES, PROFILE_PROXY_PATH } from '.';

/*
 * The profile signer refuses a body over DynamoDB's 16 MB limit without
 * reading it to the end: what the server read off each connection
 * (socket.bytesRead) is measured, not how long it took. A static-key profile
 * in a temp config, so nothing is resolved and nothing leaves this machine.
 */

const MB = 1024 * 1024;
const ENV_KEYS = ['AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE'] as const;
const savedEnv: Record<string, string | undefined> = {};
let dir: string;
let app: AppServer;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'keylab-signer-limit-'));
  await writeFile(path.join(dir, 'config'), '[default]\nregion = us-east-1\n');
  await writeFile(path.join(dir, 'credentials'), '[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = not-a-real-secret-value\n');
  for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
  process.env.AWS_CONFIG_FILE = path.join(dir, 'config');
  process.env.AWS_SHARED_CREDENTIALS_FILE = path.join(dir, 'credentials');
  app = createAppServer({ distDir: dir, port: 0, routes: awsProfileRoutes() });
  app.server.on('connection', (socket: Socket) => sockets.push(socket));
  ({ port } = await app.start());
});

afterAll(async () => {
  await app.stop();
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  await rm(dir, { recursive: true, force: true });
});

/**
 * POSTs a 100 MB body to the signer, 1 MB at a time as the socket accepts it,
 * and stops sending once the answer arrives (or the server closes).
 * Returns the status and how many bytes the server read off the connection.
 */
async function postHundredMegabytes(declareLength: boolean): Promise<{ status: number; message: string; serverRead: number }> {
  const total = 100 * MB;
  const before = sockets.length;
  const { status, message } = await new Promise<{ status: number; message: string }>((resolve, reject) => {
    let answered = false;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: PROFILE_PROXY_PATH,
        agent: false,
        headers: {
          host: `localhost:${port}`,
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.PutItem',
          'x-keylab-profile': 'default',
          'x-keylab-target': 'https://dynamodb.us-east-1.amazonaws.com',
          ...(declareLength ? { 'content-length': String(total) } : {}),
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, message: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message: string }).message }),
        );
        res.on('error', reject);
      },
    );
    // Once the answer is in, the server has closed; what the client still had queued fails to send.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(MB, 0x78);
    let sent = 0;
    const sendMore = () => {
      while (!answered && !req.destroyed && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', sendMore);
          return;
        }
      }
      if (!answered && !req.destroyed) req.end();
    };
    sendMore();
  });
  const socket = sockets[before];
  if (!socket) throw new Error('the server saw no connection');
  if (!socket.destroyed) await new Promise((done) => socket.once('close', done));
  return { status, message, serverRead: socket.bytesRead };
}

describe('the profile signer’s body limit', () => {
  it('answers a declared 100 MB body with 413 before reading it', async () => {
    const outcome = await postHundredMegabytes(true);
    expect(outcome.status).toBe(413);
    expect(outcome.message).toMatch(/larger than 16777216 bytes/);
    expect(outcome.serverRead).toBeLessThan(PROFILE_MAX_BODY_BYTES);
  });

  it('stops reading an undeclared (chunked) 100 MB body soon after the limit and answers 413', async () => {
    const outcome = await postHundredMegabytes(false);
    expect(outcome.status).toBe(413);
    // The limit, the drain allowance (as much again), and what was in flight: far from 100 MB.
    expect(outcome.serverRead).toBeGreaterThan(PROFILE_MAX_BODY_BYTES);
    expect(outcome.serverRead).toBeLessThan(40 * MB);
  });
});
