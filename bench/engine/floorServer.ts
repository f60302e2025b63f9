/**
 * The floor of a 100-item Query over HTTP: a server that reads each request
 * and answers it with one reply serialized once, up front, with the headers
 * the endpoint sends (including the CRC32 the SDK checks). Its latency is what
 * the SDK, HTTP and JSON cost alone; the endpoint's Query minus this is the
 * engine's own share of a page.
 *
 * It runs in its own Node process, as the endpoint does, so that the client's
 * work doesn't share an event loop with it: `startFloorServer` spawns this file,
 * which reads the reply from stdin and prints its URL.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

export interface FloorServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts the floor server in a child process on a free port of 127.0.0.1, answering every request with `replyBody`. */
export async function startFloorServer(replyBody: string): Promise<FloorServer> {
  // process.execArgv carries tsx's loader, which the bench runs under.
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(replyBody);
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the floor server exited with ${code}: ${output}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      output += text;
      const match = /listening at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1] as string);
    });
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function serve(replyBody: string): void {
  const payload = Buffer.from(replyBody, 'utf8');
  const checksum = String(crc32(payload));
  const server = http.createServer((req, res) => {
    // The request is read to its end, as any server must, before the reply goes out.
    req.on('data', () => undefined);
    req.on('end', () => {
      res.statusCode = 200;
      res.setHeader('x-amzn-RequestId', randomUUID());
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Type', 'application/x-amz-json-1.0');
      res.setHeader('Content-Length', payload.length);
      res.setHeader('x-amz-crc32', checksum);
      res.end(payload);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`listening at http://127.0.0.1:${port}\n`);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let reply = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => (reply += chunk));
  process.stdin.on('end', () => serve(reply));
}
