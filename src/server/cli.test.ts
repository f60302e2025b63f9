import { describe, expect, it } from 'vitest';
import { displayUrl } from './appServer';
import { resolveServerSettings, UsageError } from './cli';

describe('resolveServerSettings', () => {
  it('defaults to 127.0.0.1:5173', () => {
    expect(resolveServerSettings([], {})).toEqual({ port: 5173, host: '127.0.0.1' });
  });

  it('takes PORT and HOST from the environment', () => {
    expect(resolveServerSettings([], { PORT: '8080', HOST: '0.0.0.0' })).toEqual({ port: 8080, host: '0.0.0.0' });
  });

  it('prefers --port over PORT', () => {
    expect(resolveServerSettings(['--port', '5180'], { PORT: '8080' }).port).toBe(5180);
    expect(resolveServerSettings(['--port=5181'], { PORT: '8080' }).port).toBe(5181);
  });

  it('ignores an empty PORT', () => {
    expect(resolveServerSettings([], { PORT: '' }).port).toBe(5173);
  });

  it.each(['0', '65536', 'abc', '12.5', '-1', '1e3', ' '])('rejects the port %j with a helpful message', (value) => {
    expect(() => resolveServerSettings(['--port', value], {})).toThrow(UsageError);
    expect(() => resolveServerSettings([], { PORT: value })).toThrow(/1 to 65535.*PORT=5174 npm start/);
  });

  it('accepts the extremes', () => {
    expect(resolveServerSettings(['--port', '1'], {}).port).toBe(1);
    expect(resolveServerSettings(['--port', '65535'], {}).port).toBe(65535);
  });

  it('rejects a missing --port value and unknown arguments', () => {
    expect(() => resolveServerSettings(['--port'], {})).toThrow(/Missing value after --port/);
    expect(() => resolveServerSettings(['--prot', '1'], {})).toThrow(/Unknown argument/);
  });
});

describe('displayUrl', () => {
  it('shows localhost for loopback and wildcard binds', () => {
    expect(displayUrl('127.0.0.1', 5173)).toBe('http://localhost:5173/');
    expect(displayUrl('0.0.0.0', 5173)).toBe('http://localhost:5173/');
  });

  it('shows other hosts as they are', () => {
    expect(displayUrl('192.0.2.10', 80)).toBe('http://192.0.2.10:80/');
    expect(displayUrl('fe80::1', 8080)).toBe('http://[fe80::1]:8080/');
  });
});
