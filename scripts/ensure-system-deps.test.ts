import { describe, expect, it } from 'vitest';
import { chromiumPath, parseJavaMajor, requirements } from './ensure-system-deps';

describe('parseJavaMajor', () => {
  it.each([
    ['openjdk version "17.0.12" 2024-07-16\nOpenJDK Runtime Environment', 17],
    ['openjdk version "21" 2023-09-19', 21],
    ['java version "1.8.0_392"', 8],
    ['openjdk version "11.0.22" 2024-01-16', 11],
  ])('reads %j as %i', (output, major) => {
    expect(parseJavaMajor(output)).toBe(major);
  });

  it('returns undefined for unrelated output', () => {
    expect(parseJavaMajor('bash: java: command not found')).toBeUndefined();
  });
});

describe('requirements', () => {
  it('requires only Chromium by default; Java is available on demand', () => {
    expect(requirements.filter((r) => r.requiredByDefault).map((r) => r.id)).toEqual(['chromium']);
    expect(requirements.find((r) => r.id === 'java')?.aptPackages).toEqual(['openjdk-17-jre-headless']);
  });

  it('never apt-installs over an explicit CHROMIUM_PATH', () => {
    const chromium = requirements.find((r) => r.id === 'chromium');
    expect(chromium?.autoInstallable({})).toBe(true);
    expect(chromium?.autoInstallable({ CHROMIUM_PATH: '/opt/chrome/chrome' })).toBe(false);
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome/chrome' })).toBe('/opt/chrome/chrome');
  });

  it('reports a missing browser instead of throwing', () => {
    const chromium = requirements.find((r) => r.id === 'chromium');
    expect(chromium?.check({ CHROMIUM_PATH: '/nonexistent/chromium' })).toEqual({
      ok: false,
      problem: '/nonexistent/chromium not found',
    });
  });
});
