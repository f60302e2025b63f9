import { describe, expect, it } from 'vitest';
import { canonicalHost, isLoopbackHost, isLoopbackUrl } from './loopback';

/*
 * The spellings the four old checks disagreed on (the app server's LOCAL_HOSTS, the proxy's
 * BlockList, src/sources' isLoopbackHostname regex, codegen's hand-written IPv6 parser). The
 * column says which old check answered wrong (or could not answer: a name where it took only
 * addresses is not counted).
 */
const HOSTS: readonly (readonly [host: string, loopback: boolean, note: string])[] = [
  ['localhost', true, ''],
  ['LOCALHOST', true, 'the server list said no'],
  ['localhost.', true, 'sources said no'],
  ['keylab.localhost', true, 'the server list said no'],
  ['127.0.0.1', true, ''],
  ['127.8.9.10', true, 'the server list said no'],
  ['127.255.255.254', true, 'the server list said no'],
  ['127.1', true, 'every old check said no: the URL parser reads it as 127.0.0.1'],
  ['0x7f.0.0.1', true, 'every old check said no: the URL parser reads it as 127.0.0.1'],
  ['::1', true, ''],
  ['[::1]', true, 'the server list said no'],
  ['0:0:0:0:0:0:0:1', true, 'sources and the server list said no'],
  ['[0:0:0:0:0:0:0:1]', true, 'sources and the server list said no'],
  ['::0:1', true, 'sources and the server list said no'],
  ['0000:0000:0000:0000:0000:0000:0000:0001', true, 'sources and the server list said no'],
  ['::ffff:127.0.0.1', true, 'sources and the server list said no'],
  ['[::ffff:7f00:1]', true, 'sources and codegen said no (URL.hostname writes a mapped address this way)'],
  ['0:0:0:0:0:ffff:127.1.2.3', true, 'sources and the server list said no'],
  // Look-alikes and other machines.
  ['127.0.0.1.evil.com', false, ''],
  ['localhost.evil', false, ''],
  ['localhost.example.com', false, ''],
  ['evil-localhost', false, ''],
  ['127.999.1.1', false, 'sources said yes: not an address at all'],
  ['127.0.0.256', false, 'sources said yes'],
  ['128.0.0.1', false, ''],
  ['0.0.0.0', false, 'the server list said yes (it means every interface, not this machine)'],
  ['::', false, 'the server list said yes'],
  ['[::]', false, ''],
  ['::2', false, ''],
  ['1::1', false, ''],
  ['::ffff:10.0.0.1', false, ''],
  ['::127.0.0.1', false, ''],
  ['fe80::1', false, ''],
  ['10.0.0.1', false, ''],
  ['169.254.169.254', false, ''],
  ['dynamodb', false, ''],
  ['', false, ''],
  ['localhost:8000', false, 'a port is not part of a host'],
  ['user@localhost', false, ''],
  ['localhost/x', false, ''],
  ['[::1', false, ''],
];

describe('isLoopbackHost: one answer for every spelling', () => {
  it.each(HOSTS)('%s → %s %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe('isLoopbackUrl', () => {
  it.each([
    'http://localhost:8000',
    'http://localhost',
    'http://LocalHost:8000/',
    'http://localhost.:8000',
    'http://keylab.localhost:8000',
    'http://127.0.0.1:8000',
    'http://127.255.255.254:8000',
    'http://[::1]:8000',
    'http://[0:0:0:0:0:0:0:1]:8000',
    'http://[::0:1]',
    'http://[::ffff:127.0.0.1]:8000',
    'http://localhost:5173/dynamodb',
    'https://localhost:8443',
    'https://[::ffff:7f00:1]:8443',
  ])('%s is this machine', (url) => {
    expect(isLoopbackUrl(url)).toBe(true);
  });

  it.each([
    'https://dynamodb.eu-west-1.amazonaws.com',
    'http://dynamodb:8000',
    'http://10.0.0.5:8000',
    'http://127.0.0.1.example.com:8000',
    'http://localhost.evil:8000',
    'http://128.0.0.1:8000',
    'http://127.0.0.256:8000',
    'http://[::2]:8000',
    'http://[::ffff:10.0.0.1]:8000',
    'http://[1::1]:8000',
    'http://user@localhost:8000',
    'http://user:secret@127.0.0.1:8000',
    'http://0.0.0.0:8000',
    'localhost:8000',
    'not a url',
    '',
  ])('%s is not', (url) => {
    expect(isLoopbackUrl(url)).toBe(false);
  });
});

describe('canonicalHost', () => {
  it('writes a host as URL.hostname does, or says it is none', () => {
    expect(canonicalHost('0:0:0:0:0:0:0:1')).toBe('[::1]');
    expect(canonicalHost('[::1]')).toBe('[::1]');
    expect(canonicalHost('::ffff:127.0.0.1')).toBe('[::ffff:7f00:1]');
    expect(canonicalHost('LocalHost')).toBe('localhost');
    expect(canonicalHost('127.1')).toBe('127.0.0.1');
    expect(canonicalHost('::')).toBe('[::]');
    for (const notAHost of ['', 'a/b', 'a b', 'x@y', 'h:80', '[::1', '127.0.0.256']) expect(canonicalHost(notAHost), notAHost).toBeUndefined();
  });
});
