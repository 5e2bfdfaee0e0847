import { describe, expect, it } from 'vitest';

import { hostAllowed, newToken, originAllowed, tokenMatches } from '../../../electron/serve/security';

describe('browser shell access rules', () => {
  it('makes a fresh unguessable token each start and compares it exactly', () => {
    const a = newToken();
    expect(a).not.toBe(newToken());
    expect(tokenMatches(a, a)).toBe(true);
    expect(tokenMatches(a.toUpperCase(), a)).toBe(a === a.toUpperCase());
    expect(tokenMatches(a.slice(0, -1), a)).toBe(false);
    expect(tokenMatches(undefined, a)).toBe(false);
    expect(tokenMatches([a], a)).toBe(false);
  });

  it.each([
    ['127.0.0.1:8420', '127.0.0.1', true],
    ['localhost:9000', '127.0.0.1', true],
    ['[::1]:8420', '127.0.0.1', true],
    ['evil.example:8420', '127.0.0.1', false],
    ['127.0.0.1.evil.example', '127.0.0.1', false],
    ['gpu-box:8420', 'gpu-box', true],
    ['other-box:8420', 'gpu-box', false],
    ['[fe80::1]:8420', 'fe80::1', true],
    ['anything:1', '0.0.0.0', true],
    ['bad host', '0.0.0.0', false],
    [undefined, '127.0.0.1', false],
  ])('Host %s on a server bound to %s: %s', (host, bound, allowed) => {
    expect(hostAllowed(host, bound)).toBe(allowed);
  });

  it('accepts only the page own origin (or no Origin: not a browser)', () => {
    expect(originAllowed('http://127.0.0.1:8420', '127.0.0.1:8420')).toBe(true);
    expect(originAllowed('http://localhost:8080', 'localhost:8080')).toBe(true);
    expect(originAllowed('http://localhost:8080', '127.0.0.1:8420')).toBe(false);
    expect(originAllowed('https://127.0.0.1:8420', '127.0.0.1:8420')).toBe(false);
    expect(originAllowed('null', '127.0.0.1:8420')).toBe(false);
    expect(originAllowed(undefined, '127.0.0.1:8420')).toBe(true);
  });
});
