import { SignatureV4 } from '@smithy/signature-v4';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDynamoDB } from '../../engine';
import { createAppServer, type AppServer } from '../app';
import { awsProfileRoutes, classifyProfile, configuredEndpoint, PROFILE_PROXY_PATH, PROFILES_PATH, scrubProviderText } from '.';
import { startDynamoDBEndpoint, type RunningDynamoDBEndpoint } from '../endpoint';

/*
 * The profile routes with real profile files (AWS_CONFIG_FILE,
 * AWS_SHARED_CREDENTIALS_FILE and HOME pointed at a temp folder, as a user
 * would), the SDK's real resolver, real child processes for credential_process,
 * Keylab's own DynamoDB-compatible endpoint as the upstream, and a TCP server
 * that accepts and never answers standing in for an unreachable STS / SSO.
 * No network: nothing here may reach AWS.
 */

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const PROCESS_SECRET = 'processSecretValue/abcdefghijklmnopqrstuv';
const PROCESS_TOKEN = 'processSessionToken';
const ARG_SECRET = 'SEKRETCOMMANDLINEARGUMENT';

let dir: string;
let app: AppServer;
let port: number;
let endpoint: RunningDynamoDBEndpoint;
let echo: Server;
let lastEcho: { url?: string; headers: IncomingHttpHeaders; body: string } | undefined;
let blackhole: Server;
let fakeSts: Server;
let fakeStsPort: number;
let stsCalls = 0;
const blackholeSockets = new Set<Socket>();
const savedEnv: Record<string, string | undefined> = {};
const ENV_KEYS = [
  'HOME',
  'AWS_CONFIG_FILE',
  'AWS_SHARED_CREDENTIALS_FILE',
  'AWS_ENDPOINT_URL_STS',
  'AWS_ENDPOINT_URL_SSO',
  'AWS_ENDPOINT_URL',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_PROFILE',
  'AWS_REGION',
];

const listen = (server: Server) => new Promise<number>((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));

async function writeSsoToken(key: string, token: Record<string, string>): Promise<void> {
  const cache = path.join(dir, '.aws', 'sso', 'cache');
  await mkdir(cache, { recursive: true });
  await writeFile(path.join(cache, `${createHash('sha1').update(key).digest('hex')}.json`), JSON.stringify(token));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'keylab-profiles-'));
  endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0 });
  echo = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      lastEcho = { url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      res.setHeader('Content-Type', 'application/x-amz-json-1.0');
      res.end(JSON.stringify({ TableNames: ['echoed'] }));
    });
  });
  const echoPort = await listen(echo);
  blackhole = createServer();
  blackhole.on('connection', (socket: Socket) => {
    blackholeSockets.add(socket);
    socket.on('close', () => blackholeSockets.delete(socket));
  });
  const blackholePort = await listen(blackhole);
  // STS refusing the role, as it answers (query protocol, XML error).
  fakeSts = createServer((req, res) => {
    stsCalls++;
    req.resume();
    req.on('end', () => {
      res.statusCode = 403;
      res.setHeader('Content-Type', 'text/xml');
      res.end(
        '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>AccessDenied</Code>' +
          '<Message>User: arn:aws:iam::111122223333:user/dev is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::111122223333:role/Admin</Message>' +
          '</Error><RequestId>req-1</RequestId></ErrorResponse>',
      );
    });
  });
  fakeStsPort = await listen(fakeSts);

  const node = JSON.stringify(process.execPath);
  await writeFile(
    path.join(dir, 'creds.mjs'),
    `import { appendFileSync } from 'node:fs';
appendFileSync(${JSON.stringify(path.join(dir, 'calls.log'))}, 'x');
console.log(JSON.stringify({ Version: 1, AccessKeyId: 'KEYLABPROCESSKEY1', SecretAccessKey: ${JSON.stringify(PROCESS_SECRET)}, SessionToken: ${JSON.stringify(PROCESS_TOKEN)}, Expiration: new Date(Date.now() + 3600e3).toISOString() }));
`,
  );
  await writeFile(path.join(dir, 'fail.mjs'), `console.error('token service said no: secret=${SECRET}'); process.exit(3);\n`);
  await writeFile(path.join(dir, 'slow.mjs'), `setTimeout(() => {}, 3000);\n`);
  await writeFile(path.join(dir, 'garbage.mjs'), `console.log('not json ${PROCESS_SECRET}');\n`);

  await writeFile(
    path.join(dir, 'credentials'),
    `[default]
aws_access_key_id = AKIAIOSFODNN7EXAMPLE
aws_secret_access_key = ${SECRET}

[work]
aws_access_key_id=AKIAWORKEXAMPLE00001
aws_secret_access_key=another-secret-value-123
aws_session_token=token-value-456
`,
  );
  await writeFile(
    path.join(dir, 'config'),
    `[default]
region = eu-west-2

[profile sso-dev]
sso_session = my-sso
sso_account_id = 111122223333
sso_role_name = Reader
region = us-east-1

[profile sso-expired]
sso_session = expired-sso
sso_account_id = 111122223333
sso_role_name = Reader

[profile sso-legacy]
sso_start_url = https://legacy.awsapps.com/start
sso_region = us-east-1
sso_account_id = 111122223333
sso_role_name = Reader

[profile sso-unreachable]
sso_session = live-sso
sso_account_id = 111122223333
sso_role_name = Reader

[sso-session my-sso]
sso_start_url = https://my-sso.awsapps.com/start
sso_region = us-east-1

[sso-session expired-sso]
sso_start_url = https://expired.awsapps.com/start
sso_region = us-east-1

[sso-session live-sso]
sso_start_url = https://live.awsapps.com/start
sso_region = us-east-1

[profile assumer]
role_arn = arn:aws:iam::111122223333:role/Reader
source_profile = default
region = eu-west-1

[profile sso-admin]
role_arn = arn:aws:iam::111122223333:role/Admin
source_profile = sso-expired

[profile assumer-denied]
role_arn = arn:aws:iam::111122223333:role/Admin
source_profile = work

[profile local-process]
credential_process = ${node} ${JSON.stringify(path.join(dir, 'creds.mjs'))}
region = eu-west-2
endpoint_url = ${endpoint.url}

[profile echo-process]
credential_process = ${node} ${JSON.stringify(path.join(dir, 'creds.mjs'))}
services = echo-services

[services echo-services]
dynamodb =
  endpoint_url = http://127.0.0.1:${echoPort}

[profile failing-process]
credential_process = ${node} ${JSON.stringify(path.join(dir, 'fail.mjs'))} --token ${ARG_SECRET}

[profile garbage-process]
credential_process = ${node} ${JSON.stringify(path.join(dir, 'garbage.mjs'))}

[profile slow-process]
credential_process = ${node} ${JSON.stringify(path.join(dir, 'slow.mjs'))}

[profile empty]
region = us-west-2

[profile team.dev]
aws_access_key_id = AKIATEAMDEVEXAMPLE01
aws_secret_access_key = team-dev-secret-value
`,
  );
  await writeSsoToken('expired-sso', { accessToken: 'expired-access-token', expiresAt: new Date(Date.now() - 3600e3).toISOString() });
  await writeSsoToken('https://legacy.awsapps.com/start', { accessToken: 'legacy-access-token', expiresAt: new Date(Date.now() - 60e3).toISOString() });
  await writeSsoToken('live-sso', { accessToken: 'live-access-token', expiresAt: new Date(Date.now() + 3600e3).toISOString() });

  for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
  for (const key of ENV_KEYS) delete process.env[key];
  process.env.HOME = dir;
  process.env.AWS_CONFIG_FILE = path.join(dir, 'config');
  process.env.AWS_SHARED_CREDENTIALS_FILE = path.join(dir, 'credentials');
  // Where the SDK's own STS and SSO clients go (AWS CLI/SDK setting): a
  // server that never answers, so "unreachable" is tested without a network.
  process.env.AWS_ENDPOINT_URL_STS = `http://127.0.0.1:${blackholePort}`;
  process.env.AWS_ENDPOINT_URL_SSO = `http://127.0.0.1:${blackholePort}`;

  app = createAppServer({ distDir: '/nonexistent', port: 0, routes: awsProfileRoutes({ credentialTimeoutMs: 4000, authRequestTimeoutMs: 300 }) });
  port = (await app.start()).port;
});

afterAll(async () => {
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  await app?.stop();
  await endpoint?.stop();
  for (const socket of blackholeSockets) socket.destroy();
  await new Promise((done) => blackhole?.close(done));
  await new Promise((done) => echo?.close(done));
  await new Promise((done) => fakeSts?.close(done));
  await rm(dir, { recursive: true, force: true });
});

function send(
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: pathname, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const LIST_TABLES = { 'x-amz-target': 'DynamoDB_20120810.ListTables', 'content-type': 'application/x-amz-json-1.0' };

/** ListTables through the signer with a profile; the region is the one in the target. */
function listTablesWith(profile: string, region = 'eu-west-2', extra: Record<string, string> = {}) {
  return send(
    'POST',
    PROFILE_PROXY_PATH,
    { ...LIST_TABLES, 'x-keylab-target': `https://dynamodb.${region}.amazonaws.com`, 'x-keylab-profile': profile, ...extra },
    '{}',
  );
}

function messageOf(response: { body: string }): string {
  return (JSON.parse(response.body) as { message: string }).message;
}

const SECRETS = [
  'team-dev-secret-value',
  SECRET,
  PROCESS_SECRET,
  PROCESS_TOKEN,
  ARG_SECRET,
  'another-secret-value-123',
  'token-value-456',
  'live-access-token',
  'expired-access-token',
];
function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('listing profiles', () => {
  it('lists every profile with how it gets credentials, its region and endpoint, and no key', async () => {
    const response = await send('GET', PROFILES_PATH, {});
    expect(response.status).toBe(200);
    const { profiles } = JSON.parse(response.body) as { profiles: { name: string }[] };
    const byName = Object.fromEntries(profiles.map((profile) => [profile.name, profile]));
    expect(byName.default).toEqual({ name: 'default', kind: 'static', region: 'eu-west-2' });
    expect(byName.work).toEqual({ name: 'work', kind: 'static' });
    expect(byName['sso-dev']).toEqual({ name: 'sso-dev', kind: 'sso', region: 'us-east-1' });
    expect(byName['sso-legacy']).toMatchObject({ kind: 'sso' });
    expect(byName.assumer).toEqual({ name: 'assumer', kind: 'role', region: 'eu-west-1' });
    expect(byName['local-process']).toEqual({ name: 'local-process', kind: 'process', region: 'eu-west-2', endpoint: endpoint.url.replace(/\/$/, '') });
    expect(byName['echo-process']).toMatchObject({ kind: 'process', endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    expect(byName.empty).toEqual({ name: 'empty', kind: 'unknown', region: 'us-west-2' });
    expect(byName['team.dev']).toEqual({ name: 'team.dev', kind: 'static' });
    expect(Object.keys(byName).filter((name) => /sso-session|services|my-sso/.test(name))).toEqual([]);
    expectNoSecret(response.body);
    expect(response.body).not.toContain('AKIA');
  });

  it('classifies profiles in the order the SDK resolves them', () => {
    expect(classifyProfile({ role_arn: 'arn', source_profile: 'x', aws_access_key_id: 'a', aws_secret_access_key: 'b' })).toBe('role');
    expect(classifyProfile({ role_arn: 'arn', credential_source: 'Environment' })).toBe('role');
    expect(classifyProfile({ role_arn: 'arn', web_identity_token_file: '/t' })).toBe('web-identity');
    expect(classifyProfile({ credential_process: 'x', sso_session: 's' })).toBe('process');
    expect(classifyProfile({ sso_start_url: 'u' })).toBe('sso');
    expect(classifyProfile({ login_session: 'l' })).toBe('login');
    expect(classifyProfile({ role_arn: 'arn' })).toBe('unknown');
  });

  it('picks the DynamoDB endpoint by the AWS CLI’s precedence', () => {
    const services = new Map([['s', { 'dynamodb.endpoint_url': 'http://localhost:8001' }]]);
    const profile = { services: 's', endpoint_url: 'http://localhost:8002' };
    expect(configuredEndpoint(profile, services, {})).toBe('http://localhost:8001');
    expect(configuredEndpoint({ endpoint_url: 'http://localhost:8002/' }, services, {})).toBe('http://localhost:8002');
    expect(configuredEndpoint(profile, services, { AWS_ENDPOINT_URL: 'http://localhost:8003' })).toBe('http://localhost:8003');
    expect(configuredEndpoint(profile, services, { AWS_ENDPOINT_URL: 'http://localhost:8003', AWS_ENDPOINT_URL_DYNAMODB: 'http://localhost:8004' })).toBe(
      'http://localhost:8004',
    );
    expect(configuredEndpoint(profile, services, { AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'true', AWS_ENDPOINT_URL: 'http://localhost:8003' })).toBeUndefined();
    expect(configuredEndpoint({ ...profile, ignore_configured_endpoint_urls: 'true' }, services, {})).toBeUndefined();
    expect(configuredEndpoint({ endpoint_url: 'http://user:pw@localhost:8002' }, services, {})).toBe('http://localhost:8002');
    expect(configuredEndpoint({}, services, {})).toBeUndefined();
  });
});

describe('who may use the profile routes', () => {
  it('refuses a foreign Host (DNS rebinding), a foreign Origin and a cross-site fetch, on both routes', async () => {
    const foreign: Record<string, string>[] = [
      { host: `attacker.example:${port}` },
      { origin: 'https://attacker.example' },
      { origin: `http://localhost:${port + 1}` },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const listed = await send('GET', PROFILES_PATH, headers);
      expect(listed.status).toBe(403);
      expectNoSecret(listed.body);
      const signed = await listTablesWith('default', 'eu-west-2', headers);
      expect(signed.status).toBe(403);
      expect(messageOf(signed)).toMatch(/^Refused/);
    }
  });

  it('answers the app’s own page on each of its loopback names', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await send('GET', PROFILES_PATH, { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    }
  });

  it('sends only to AWS DynamoDB or the profile’s own endpoint_url, never where the page says', async () => {
    const response = await send(
      'POST',
      PROFILE_PROXY_PATH,
      { ...LIST_TABLES, 'x-keylab-target': `http://127.0.0.1:${port}`, 'x-keylab-profile': 'local-process' },
      '{}',
    );
    expect(response.status).toBe(400);
    expect(messageOf(response)).toMatch(/only sends to https:\/\/dynamodb\.<region>\.amazonaws\.com/);
    expect((await send('GET', PROFILE_PROXY_PATH, {})).status).toBe(405);
  });
});

describe('signing with a profile', () => {
  it('gets credentials from credential_process and sends to the profile’s endpoint_url (Keylab’s endpoint answers ListTables)', async () => {
    const response = await listTablesWith('local-process');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ TableNames: [] });
  });

  it('signs with the process’s keys and session token for the requested region (SigV4 checked independently)', async () => {
    const response = await listTablesWith('echo-process', 'ap-southeast-2');
    expect(response.status).toBe(200);
    const headers = lastEcho?.headers ?? {};
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=KEYLABPROCESSKEY1\/\d{8}\/ap-southeast-2\/dynamodb\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(headers['x-amz-security-token']).toBe(PROCESS_TOKEN);
    expect(headers['x-amz-target']).toBe('DynamoDB_20120810.ListTables');
    expect(headers['x-keylab-profile']).toBeUndefined();
    expect(headers['x-keylab-target']).toBeUndefined();
    // Re-sign the request as it arrived, with the same keys and time: the signatures must match.
    const date = String(headers['x-amz-date']);
    const signingDate = new Date(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    const { Sha256 } = await import('@smithy/core/checksum');
    const expected = await new SignatureV4({
      credentials: { accessKeyId: 'KEYLABPROCESSKEY1', secretAccessKey: PROCESS_SECRET, sessionToken: PROCESS_TOKEN },
      region: 'ap-southeast-2',
      service: 'dynamodb',
      sha256: Sha256,
    }).sign(
      {
        method: 'POST',
        protocol: 'http:',
        hostname: '127.0.0.1',
        path: '/',
        query: {},
        body: lastEcho?.body,
        headers: { host: String(headers.host), 'content-type': String(headers['content-type']), 'x-amz-target': String(headers['x-amz-target']) },
      },
      { signingDate },
    );
    expect(headers.authorization).toBe(expected.headers.authorization);
  });

  it('runs credential_process once and reuses its credentials until they near expiry or the files change', async () => {
    const calls = () =>
      readFile(path.join(dir, 'calls.log'), 'utf8').then(
        (text) => text.length,
        () => 0,
      );
    await listTablesWith('local-process', 'eu-central-1');
    const before = await calls();
    await listTablesWith('local-process', 'eu-central-1');
    await listTablesWith('local-process', 'eu-central-1');
    expect(await calls()).toBe(before);
    const config = await readFile(path.join(dir, 'config'), 'utf8');
    await writeFile(path.join(dir, 'config'), `${config}\n# edited\n`);
    await listTablesWith('local-process', 'eu-central-1');
    expect(await calls()).toBe(before + 1);
  });
});

describe('profiles that cannot give credentials, in plain words', () => {
  it('an unknown profile', async () => {
    const response = await listTablesWith('nope');
    expect(response.status).toBe(400);
    expect(response.headers['x-amzn-errortype']).toBe('ProfileNotFound');
    expect(messageOf(response)).toMatch(/There is no profile named "nope" in .*config/);
  });

  it('an SSO profile never logged in: run aws sso login', async () => {
    const response = await listTablesWith('sso-dev');
    expect(response.status).toBe(401);
    expect(response.headers['x-amzn-errortype']).toBe('ProfileLoginRequired');
    expect(messageOf(response)).toMatch(/Run `aws sso login --profile sso-dev`, then Connect again\.$/);
  });

  it('an SSO session whose cached token expired: run aws sso login', async () => {
    const response = await listTablesWith('sso-expired');
    expect(response.headers['x-amzn-errortype']).toBe('ProfileLoginRequired');
    expect(messageOf(response)).toMatch(/expired or was never started\. Run `aws sso login --profile sso-expired`, then Connect again\./);
    expectNoSecret(response.body);
  });

  it('a role assumed from an SSO profile whose token expired: log in with the SSO profile', async () => {
    const response = await listTablesWith('sso-admin');
    expect(response.headers['x-amzn-errortype']).toBe('ProfileLoginRequired');
    expect(messageOf(response)).toBe(
      'The AWS SSO session for profile sso-admin has expired or was never started. Run `aws sso login --profile sso-expired`, then Connect again.',
    );
  });

  it('a legacy SSO profile (sso_start_url) with an expired token: run aws sso login', async () => {
    const response = await listTablesWith('sso-legacy');
    expect(response.headers['x-amzn-errortype']).toBe('ProfileLoginRequired');
    expect(messageOf(response)).toMatch(/aws sso login --profile sso-legacy/);
  });

  it('an SSO profile whose portal does not answer: a plain message, quickly', { timeout: 10_000 }, async () => {
    const response = await listTablesWith('sso-unreachable');
    expect(response.status).toBe(502);
    expect(messageOf(response)).toMatch(
      /^Could not get credentials for profile sso-unreachable: the AWS SSO portal did not answer in time\. Check your network connection/,
    );
    expectNoSecret(response.body);
  });

  it('a role whose STS does not answer: a plain message, quickly', { timeout: 10_000 }, async () => {
    const response = await listTablesWith('assumer');
    expect(response.headers['x-amzn-errortype']).toBe('ProfileRoleFailed');
    expect(messageOf(response)).toMatch(
      /^Could not assume role arn:aws:iam::111122223333:role\/Reader for profile assumer: AWS STS did not answer in time\. Check your network connection/,
    );
    expectNoSecret(response.body);
  });

  it('a role that STS refuses: STS’s reason, without the source keys', async () => {
    const blackholeSts = process.env.AWS_ENDPOINT_URL_STS;
    process.env.AWS_ENDPOINT_URL_STS = `http://127.0.0.1:${fakeStsPort}`;
    try {
      const response = await listTablesWith('assumer-denied');
      expect(stsCalls).toBeGreaterThan(0);
      expect(response.status).toBe(403);
      expect(response.headers['x-amzn-errortype']).toBe('ProfileRoleFailed');
      expect(messageOf(response)).toBe(
        'Could not assume role arn:aws:iam::111122223333:role/Admin for profile assumer-denied: AccessDenied: User: arn:aws:iam::111122223333:user/dev is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::111122223333:role/Admin',
      );
      expectNoSecret(response.body);
      expect(response.body).not.toContain('AKIAWORK');
    } finally {
      process.env.AWS_ENDPOINT_URL_STS = blackholeSts;
    }
  });

  it('a failing credential_process: its stderr, without secrets or the command line', async () => {
    const response = await listTablesWith('failing-process');
    expect(response.headers['x-amzn-errortype']).toBe('ProfileProcessFailed');
    const message = messageOf(response);
    expect(message).toMatch(/^The credential_process of profile failing-process failed: token service said no: secret=•••\. Run it in a terminal/);
    expect(message).not.toContain('fail.mjs');
    expectNoSecret(response.body);
  });

  it('a credential_process printing something else than JSON', async () => {
    const response = await listTablesWith('garbage-process');
    expect(messageOf(response)).toMatch(/credential_process of profile garbage-process gave no usable credentials: .*invalid JSON/);
    expectNoSecret(response.body);
  });

  it('a credential_process that takes too long', { timeout: 10_000 }, async () => {
    const slow = createAppServer({ distDir: '/nonexistent', port: 0, routes: awsProfileRoutes({ processTimeoutMs: 300 }) });
    const slowPort = (await slow.start()).port;
    try {
      const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: slowPort,
            method: 'POST',
            path: PROFILE_PROXY_PATH,
            headers: {
              host: `localhost:${slowPort}`,
              ...LIST_TABLES,
              'x-keylab-target': 'https://dynamodb.eu-west-2.amazonaws.com',
              'x-keylab-profile': 'slow-process',
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
      expect(response.status).toBe(504);
      expect(messageOf(response)).toMatch(
        /^Getting credentials for profile slow-process took longer than 300 ms: its credential_process did not finish\. Run it in a terminal/,
      );
    } finally {
      await slow.stop();
    }
  });

  it('a profile with no credential settings', async () => {
    const response = await listTablesWith('empty');
    expect(messageOf(response)).toMatch(/^Profile empty has no credentials: give it aws_access_key_id/);
  });
});

describe('scrubProviderText', () => {
  it('removes given secrets and anything shaped like a key or token, and stays short', () => {
    expect(scrubProviderText(`key AKIAIOSFODNN7EXAMPLE secret ${SECRET} and short-one`, ['short-one'])).toBe('key ••• secret ••• and •••');
    expect(scrubProviderText('x'.repeat(20) + ' ' + 'word '.repeat(100)).length).toBeLessThanOrEqual(300);
  });
});
