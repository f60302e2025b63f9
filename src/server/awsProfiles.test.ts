import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer, type AppServer } from './appServer';
import { awsProfileRoutes, PROFILE_PROXY_PATH, PROFILES_PATH, readProfiles } from './awsProfiles';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const CREDENTIALS = `[default]
aws_access_key_id = AKIAIOSFODNN7EXAMPLE
aws_secret_access_key = ${SECRET}

[work]
aws_access_key_id=AKIAWORKEXAMPLE00001
aws_secret_access_key=another-secret
aws_session_token=token-value
`;
const CONFIG = `[default]
region = eu-west-2

[profile sso-dev]
sso_session = my-sso
sso_account_id = 111122223333
region = us-east-1

[profile assumer]
role_arn = arn:aws:iam::111122223333:role/Reader
source_profile = default
`;

let dir: string;
let app: AppServer;
let port: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'keylab-profiles-'));
  await writeFile(path.join(dir, 'credentials'), CREDENTIALS);
  await writeFile(path.join(dir, 'config'), CONFIG);
  app = createAppServer({ distDir: '/nonexistent', port: 0, routes: awsProfileRoutes({ credentialsFile: path.join(dir, 'credentials'), configFile: path.join(dir, 'config') }) });
  port = (await app.start()).port;
});

afterAll(async () => {
  await app.stop();
  await rm(dir, { recursive: true, force: true });
});

function send(method: string, pathname: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
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

describe('AWS profiles', () => {
  it('reads static, SSO and role profiles from credentials + config', () => {
    const profiles = readProfiles(CREDENTIALS, CONFIG);
    expect([...profiles.values()].map((profile) => profile.summary)).toEqual([
      { name: 'default', kind: 'static', region: 'eu-west-2' },
      { name: 'sso-dev', kind: 'sso', region: 'us-east-1' },
      { name: 'assumer', kind: 'role' },
      { name: 'work', kind: 'static' },
    ]);
    expect(profiles.get('work')?.keys).toEqual({ accessKeyId: 'AKIAWORKEXAMPLE00001', secretAccessKey: 'another-secret', sessionToken: 'token-value' });
  });

  it('lists profiles to the app’s own page without any key', async () => {
    const response = await send('GET', PROFILES_PATH, {});
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).profiles).toHaveLength(4);
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toContain('AKIA');
  });

  it('refuses the list to a foreign Host (DNS rebinding) and a foreign Origin', async () => {
    expect((await send('GET', PROFILES_PATH, { host: `attacker.example:${port}` })).status).toBe(403);
    expect((await send('GET', PROFILES_PATH, { origin: 'https://attacker.example' })).status).toBe(403);
  });

  it('refuses to sign for a foreign Origin, for a non-AWS target, and for SSO profiles (with the reason)', async () => {
    const aws = { 'x-keylab-target': 'https://dynamodb.eu-west-2.amazonaws.com', 'x-keylab-profile': 'default', 'content-type': 'application/x-amz-json-1.0' };
    expect((await send('POST', PROFILE_PROXY_PATH, { ...aws, origin: 'https://attacker.example' }, '{}')).status).toBe(403);
    const local = await send('POST', PROFILE_PROXY_PATH, { ...aws, 'x-keylab-target': 'http://127.0.0.1:8000' }, '{}');
    expect(local.status).toBe(400);
    expect(JSON.parse(local.body).message).toMatch(/only sends to https:\/\/dynamodb\.<region>\.amazonaws\.com/);
    const sso = await send('POST', PROFILE_PROXY_PATH, { ...aws, 'x-keylab-profile': 'sso-dev' }, '{}');
    expect(sso.status).toBe(400);
    expect(JSON.parse(sso.body).message).toMatch(/uses AWS SSO.*aws sso login/);
    expect(sso.body).not.toContain(SECRET);
  });
});
