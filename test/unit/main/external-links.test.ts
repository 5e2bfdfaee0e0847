import { describe, expect, it } from 'vitest';

import { ALLOWED_EXTERNAL_HOSTS, isAllowedExternal } from '../../../electron/main/external-links';

describe('openExternal allowlist', () => {
  it.each(ALLOWED_EXTERNAL_HOSTS.map((h) => [h]))('opens https pages of %s', (host) => {
    expect(isAllowedExternal(`https://${host}/some/page?x=1#part`)).toBe(true);
  });

  it.each([
    ['another host', 'https://example.org/'],
    ['a look-alike subdomain', 'https://docs.nvidia.com.evil.example/'],
    ['a subdomain of an allowed host', 'https://gist.github.com/x'],
    ['plain http', 'http://docs.nvidia.com/cuda/'],
    ['credentials in the URL', 'https://user:pw@github.com/'],
    ['another port', 'https://github.com:8443/'],
    ['file://', 'file:///etc/passwd'],
    ['javascript:', 'javascript:alert(1)'],
    ['not a URL', 'docs.nvidia.com'],
  ])('refuses %s', (_what, url) => {
    expect(isAllowedExternal(url)).toBe(false);
  });

  it('matches host names exactly, case-insensitively as URLs do', () => {
    expect(isAllowedExternal('https://GitHub.com/NVIDIA')).toBe(true);
    expect(isAllowedExternal('https://github.com/', ['docs.nvidia.com'])).toBe(false);
  });
});
