import { describe, expect, it } from 'vitest';
import { awsCliPath, chromiumPath, parseAwsCliMajor, parseJavaMajor, pythonPath, requirements } from './ensure-system-deps';

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

describe('parseAwsCliMajor', () => {
  it.each([
    ['aws-cli/2.9.19 Python/3.11.2 Linux/6.1.0 source/x86_64.debian.12 prompt/off', 2],
    ['aws-cli/1.27.100 Python/3.9.2 Linux/5.10.0 botocore/1.29.100', 1],
  ])('reads %j as %i', (output, major) => {
    expect(parseAwsCliMajor(output)).toBe(major);
  });

  it('returns undefined for unrelated output', () => {
    expect(parseAwsCliMajor('sh: aws: not found')).toBeUndefined();
  });
});

describe('codegen test tools', () => {
  it('install from Debian packages, at Debian paths unless overridden', () => {
    expect(requirements.find((r) => r.id === 'boto3')?.aptPackages).toEqual(['python3-boto3']);
    expect(requirements.find((r) => r.id === 'aws-cli')?.aptPackages).toEqual(['awscli']);
    expect(pythonPath({})).toBe('/usr/bin/python3');
    expect(pythonPath({ KEYLAB_PYTHON: '/opt/py/bin/python3' })).toBe('/opt/py/bin/python3');
    expect(awsCliPath({})).toBe('/usr/bin/aws');
    expect(requirements.find((r) => r.id === 'aws-cli')?.autoInstallable({ KEYLAB_AWS_CLI: '/opt/aws' })).toBe(false);
  });

  it('reports a missing AWS CLI or Python instead of throwing', () => {
    expect(requirements.find((r) => r.id === 'aws-cli')?.check({ KEYLAB_AWS_CLI: '/nonexistent/aws' })).toEqual({
      ok: false,
      problem: '/nonexistent/aws not found',
    });
    expect(requirements.find((r) => r.id === 'boto3')?.check({ KEYLAB_PYTHON: '/nonexistent/python3' })).toMatchObject({ ok: false });
  });
});
