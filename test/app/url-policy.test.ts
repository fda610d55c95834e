import { describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  externalUrlVerdict,
  isTrustedSender,
  navigationVerdict,
  originOf,
} from '../../src-main/app/url-policy.ts';

describe('externalUrlVerdict: which links leave the app', () => {
  it.each([
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['http://example.com', 'http://example.com/'],
    ['  https://example.com/x  ', 'https://example.com/x'],
    ['mailto:someone@example.com?subject=Hi', 'mailto:someone@example.com?subject=Hi'],
    ['HTTPS://EXAMPLE.COM/', 'https://example.com/'],
  ])('opens %s', (url, normalised) => {
    expect(externalUrlVerdict(url)).toEqual({ ok: true, url: normalised });
  });

  it.each([
    ['javascript:alert(1)', /not "javascript:"/],
    ['JavaScript:alert(1)', /not "javascript:"/],
    ['file:///etc/passwd', /not "file:"/],
    ['folio://app/index.html', /not "folio:"/],
    ['obsidian://open?vault=x', /not "obsidian:"/],
    ['data:text/html,<script>alert(1)</script>', /not "data:"/],
    ['ms-settings:privacy', /not "ms-settings:"/],
    ['smb://server/share', /not "smb:"/],
    ['not a url', /is not a valid URL/],
    ['/relative/path', /is not a valid URL/],
    ['https://user:secret@example.com/', /carries credentials/],
  ])('refuses %s', (url, reason) => {
    const verdict = externalUrlVerdict(url);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(reason);
  });

  // Some mail clients attach a local file named by `attach=`/`attachment=` (CVE-2020-11879).
  it.each([
    ['mailto:x@y?attach=/etc/passwd', 'mailto:x@y'],
    ['mailto:x@y?subject=Hi&ATTACHMENT=~/.ssh/id_rsa&body=b', 'mailto:x@y?subject=Hi&body=b'],
    ['mailto:x@y?%61ttach=/etc/passwd&Subject=S', 'mailto:x@y?Subject=S'],
    ['mailto:?to=a@b&CC=c@d&bcc=e@f&x-header=1&in-reply-to=z', 'mailto:?to=a@b&CC=c@d&bcc=e@f'],
    ['mailto:x@y?subject=a%26attach%3D/etc/passwd', 'mailto:x@y?subject=a%26attach%3D/etc/passwd'],
    ['mailto:x@y?%E0=1&body=ok&=&&subject', 'mailto:x@y?body=ok&subject'],
  ])('keeps only to, cc, bcc, subject and body of %s', (url, kept) => {
    expect(externalUrlVerdict(url)).toEqual({ ok: true, url: kept });
  });

  it('shortens a very long URL in its reason', () => {
    const verdict = externalUrlVerdict(`javascript:${'x'.repeat(500)}`);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason.length).toBeLessThan(200);
  });
});

describe('navigationVerdict', () => {
  const page = `${APP_ORIGIN}/index.html`;
  it.each([
    [`${page}#results`, 'allow'],
    [page, 'allow'],
    [`${APP_ORIGIN}/quick.html`, 'deny'],
    ['https://example.com/', 'open-externally'],
    ['mailto:a@example.com', 'open-externally'],
    ['file:///etc/passwd', 'deny'],
    ['javascript:alert(1)', 'deny'],
    ['about:blank', 'deny'],
  ])('%s → %s', (target, verdict) => {
    expect(navigationVerdict(page, target)).toBe(verdict);
  });
});

describe('originOf', () => {
  it.each([
    ['folio://app/index.html', 'folio://app'],
    ['http://localhost:5173/quick.html', 'http://localhost:5173'],
    ['file:///x/index.html', null],
    ['garbage', null],
  ])('%s → %s', (url, origin) => {
    expect(originOf(url)).toBe(origin);
  });
});

describe('isTrustedSender', () => {
  const trusted = { webContentsIds: new Set([1, 2]), origins: [APP_ORIGIN] };
  const good = { webContentsId: 1, frameUrl: `${APP_ORIGIN}/index.html`, isMainFrame: true };

  it('trusts the top frame of our window on our origin', () => {
    expect(isTrustedSender(good, trusted)).toBe(true);
    expect(
      isTrustedSender({ ...good, webContentsId: 2, frameUrl: `${APP_ORIGIN}/quick.html` }, trusted),
    ).toBe(true);
  });

  it.each([
    ['another web contents', { webContentsId: 3 }],
    ['an iframe', { isMainFrame: false }],
    ['a destroyed frame', { frameUrl: null }],
    ['a page from elsewhere', { frameUrl: 'https://evil.example/' }],
    ['a file: page', { frameUrl: 'file:///tmp/index.html' }],
    ['a look-alike host', { frameUrl: 'folio://app.evil/index.html' }],
  ])('refuses %s', (_name, change) => {
    expect(isTrustedSender({ ...good, ...change }, trusted)).toBe(false);
  });
});
