import { describe, expect, it } from 'vitest';
import {
  createToken,
  isAllowedHost,
  isAllowedOrigin,
  tokenMatches,
} from '../../src-main/bridge/security.ts';

describe('bridge security guards', () => {
  it('makes long, different tokens', () => {
    const tokens = new Set(Array.from({ length: 20 }, createToken));
    expect(tokens.size).toBe(20);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts only the exact token', () => {
    const token = createToken();
    expect(tokenMatches(token, token)).toBe(true);
    expect(tokenMatches(token, token.slice(1))).toBe(false);
    expect(tokenMatches(token, `${token}x`)).toBe(false);
    expect(tokenMatches(token, '')).toBe(false);
    expect(tokenMatches(token, null)).toBe(false);
    expect(tokenMatches(token, undefined)).toBe(false);
  });

  it.each([
    ['127.0.0.1:4000', true],
    ['localhost:4000', true],
    ['LOCALHOST:4000', true],
    ['127.0.0.1:4001', false],
    ['127.0.0.1', false],
    ['evil.example:4000', false],
    ['127.0.0.1.nip.io:4000', false],
    ['[::1]:4000', false],
    [undefined, false],
  ])('Host %s → %s', (host, allowed) => {
    expect(isAllowedHost(host, 4000)).toBe(allowed);
  });

  it.each([
    [undefined, true],
    ['http://127.0.0.1:4000', true],
    ['http://localhost:4000', true],
    ['null', false],
    ['http://evil.example', false],
    ['https://127.0.0.1:4000', false],
  ])('Origin %s → %s', (origin, allowed) => {
    expect(isAllowedOrigin(origin, 4000)).toBe(allowed);
  });
});
