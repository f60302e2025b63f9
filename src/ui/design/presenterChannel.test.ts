import { describe, expect, it } from 'vitest';
import { isPresenterMessage, presenterKeyFromHash, presenterUrl } from './presenterChannel';

describe('presenter channel', () => {
  it('the presenter window’s URL names the design, and its hash gives it back', () => {
    const url = presenterUrl({ pathname: '/app/', search: '?x=1' }, 'd 1#/é');
    expect(url).toBe('/app/?x=1#presenter=d%201%23%2F%C3%A9');
    expect(presenterKeyFromHash(url.slice(url.indexOf('#')))).toBe('d 1#/é');
    expect(presenterKeyFromHash('#present=2')).toBeUndefined();
    expect(presenterKeyFromHash('#presenter=%E0%A4%A')).toBeUndefined();
  });

  it('accepts only well-formed messages (another page of the origin could post anything)', () => {
    expect(isPresenterMessage({ type: 'hello' })).toBe(true);
    expect(isPresenterMessage({ type: 'go', slide: 3 })).toBe(true);
    expect(isPresenterMessage({ type: 'go', slide: 0 })).toBe(false);
    expect(isPresenterMessage({ type: 'go', slide: '3' })).toBe(false);
    expect(isPresenterMessage({ type: 'deck', designName: 'D', slide: 1, slides: [{ kind: 'title', id: 'title' }] })).toBe(true);
    expect(isPresenterMessage({ type: 'deck', designName: 'D', slide: 1, slides: [null] })).toBe(false);
    expect(isPresenterMessage({ type: 'deck', designName: 1, slide: 1, slides: [] })).toBe(false);
    expect(isPresenterMessage({ type: 'other' })).toBe(false);
    expect(isPresenterMessage('hello')).toBe(false);
    expect(isPresenterMessage(null)).toBe(false);
  });
});
