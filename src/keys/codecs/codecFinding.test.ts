import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../errors';
import { KEY_CODEC_FINDING_CODES } from './codecFinding';

describe('the codecs’ own list of finding codes', () => {
  it('names only codes of the registry in src/errors, each once', () => {
    for (const code of KEY_CODEC_FINDING_CODES) expect(Object.keys(ERROR_CODES), code).toContain(code);
    expect(new Set(KEY_CODEC_FINDING_CODES).size).toBe(KEY_CODEC_FINDING_CODES.length);
  });
});
