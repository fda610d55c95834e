import type { Element } from 'hast';
import { describe, expect, it } from 'vitest';
import {
  elementAttributes,
  imageLabel,
  imageTitle,
  linkTarget,
  vaultImageUrl,
} from '../../src-renderer/src/lib/hast-attributes.ts';

const element = (tagName: string, properties: Element['properties']): Element => ({
  type: 'element',
  tagName,
  properties,
  children: [],
});

describe('elementAttributes', () => {
  it('keeps the harmless attributes, renamed for HTML', () => {
    expect(
      elementAttributes(
        element('td', { className: ['a', 'b'], colSpan: 2, align: 'left', id: 'user-content-x' }),
      ),
    ).toEqual({ class: 'a b', colspan: '2', align: 'left', id: 'user-content-x' });
  });

  it('drops handlers, styles, URLs and anything unknown', () => {
    expect(
      elementAttributes(
        element('p', {
          onClick: 'x()',
          onerror: 'y()',
          style: 'color:red',
          href: '/x',
          src: 'http://e/x.png',
          dataX: '1',
        }),
      ),
    ).toEqual({});
  });

  it('makes task-list checkboxes read-only', () => {
    expect(elementAttributes(element('input', { type: 'text', checked: true }))).toEqual({
      type: 'checkbox',
      disabled: true,
      checked: true,
    });
  });
});

describe('linkTarget', () => {
  it.each([
    ['https://example.org/a', 'https://example.org/a'],
    ['mailto:team@example.org', 'mailto:team@example.org'],
    ['#user-content-fn-1', '#user-content-fn-1'],
    ['javascript:alert(1)', null],
    ['../other.md', null],
    ['file:///etc/passwd', null],
    [undefined, null],
  ])('%s → %s', (href, expected) => {
    expect(linkTarget(element('a', href === undefined ? {} : { href }))).toBe(expected);
  });
});

describe('imageLabel', () => {
  it('shows the alt text and the host of a web address instead of loading', () => {
    expect(imageLabel(element('img', { alt: 'Map', src: 'https://e.org/m.png' }))).toBe(
      '[Map (e.org)]',
    );
    const badge =
      'https://img.shields.io/github/stars/mgmeyers/obsidian-kanban?color=573E7A&logo=github';
    expect(imageLabel(element('img', { alt: 'GitHub Repo stars', src: badge }))).toBe(
      '[GitHub Repo stars (img.shields.io)]',
    );
    expect(imageTitle(element('img', { alt: 'GitHub Repo stars', src: badge }))).toBe(
      `Image not loaded: ${badge}`,
    );
    expect(imageLabel(element('img', { src: 'http://user@127.0.0.1:9/t.png' }))).toBe(
      '[image (127.0.0.1)]',
    );
  });
  it('shows a path whole, and no address when there is none', () => {
    expect(imageLabel(element('img', { alt: 'Plan', src: 'attachments/plan.png' }))).toBe(
      '[Plan: attachments/plan.png]',
    );
    expect(imageLabel(element('img', {}))).toBe('[image]');
    expect(imageTitle(element('img', {}))).toBe('Image not loaded');
  });
});

describe('vaultImageUrl', () => {
  const base = { vault: 'notes', path: 'projects/heron/Station design.md' };
  it.each([
    ['diagram.png', 'folio-vault://vault/notes/projects/heron/diagram.png'],
    ['./img/a b.png', 'folio-vault://vault/notes/projects/heron/img/a%20b.png'],
    ['img/a%20b.png', 'folio-vault://vault/notes/projects/heron/img/a%20b.png'],
    ['../../top.png', 'folio-vault://vault/notes/top.png'],
    ['../../../outside.png', null],
    ['/etc/passwd', null],
    ['https://example.org/x.png', null],
    ['//example.org/x.png', null],
    ['data:image/png;base64,AAAA', null],
    ['javascript:alert(1)', null],
    ['.obsidian/x.png', null],
    ['a\\..\\..\\x.png', null],
    ['', null],
  ])('%s → %s', (src, expected) => {
    expect(vaultImageUrl(src, base)).toBe(expected);
  });

  // `folio-vault` is a standard scheme: Chromium parses it like http, which turns a numeric host
  // into an IPv4 address. Node's WHATWG parser does the same for http; the name must survive it.
  it.each(['2024', '0x1f', '1e3', 'a_b', 'my-notes', '0', '1-2'])(
    'keeps the vault name %s through standard-scheme canonicalisation',
    (vault) => {
      const url = vaultImageUrl('img/a.png', { vault, path: 'note.md' })!;
      const parsed = new URL(url.replace(/^folio-vault:/, 'http:'));
      expect(parsed.hostname).toBe('vault');
      expect(parsed.pathname).toBe(`/${vault}/img/a.png`);
    },
  );
});
