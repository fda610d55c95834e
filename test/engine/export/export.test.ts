// Export (docs/design.md#export) on a fixture vault, exact outputs: Markdown, plain text and JSON;
// budgets of 50, 200 and 2,000 tokens; results larger than the budget; CJK; code blocks. Every
// piece says where it came from (vault, path#slug, lines).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_COPY_CHARS, type ExportRequest } from '#shared/contract/api.ts';
import { buildExport, type ExportItem } from '../../../src-main/engine/export/export-text.ts';
import { vaultEngine } from '../search/vault-engine.ts';

const VAULT = join(import.meta.dirname, '../../fixtures/search/export');
const engine = vaultEngine(VAULT, 'ex');

const GUIDE_ERRORS =
  '# Errors\n\nRust groups errors into two kinds. Recoverable errors use Result. Unrecoverable ones panic.\n\n## Result\n\nA function that can fail returns `Result<T, E>`. The caller decides what to do.\n\n```rust\nfn read(path: &str) -> Result<String, io::Error> {\n    let text = fs::read_to_string(path)?;\n\n    Ok(text)\n}\n```\n\nThe question mark returns early on an error.\n\n## Panic\n\nCall panic! when a bug makes going on pointless. The program unwinds the stack and exits.\n';
const CJK =
  '# 東京の案内\n\n東京タワーは高いです。展望台から富士山が見えます。夜は明かりがきれいです。\n\n## 交通\n\n電車とバスがあります。地下鉄はとても便利です。\n';

describe('exportResults', () => {
  it('Markdown: breadcrumb heading, source line with vault, path#slug link and lines, then the section', async () => {
    const out = await engine().exportResults({
      ids: ['ex:guide.md#errors', 'ex:cjk.md#東京の案内'],
      format: 'md',
      maxTokens: 2000,
      breadcrumbMode: 'none',
    });
    const text =
      '## Rust error guide › Errors\n\nSource: ex · [guide.md#errors](<guide.md#errors>) · lines 5–25\n\n' +
      GUIDE_ERRORS +
      '\n## 東京の案内\n\nSource: ex · [cjk.md#東京の案内](<cjk.md#東京の案内>) · lines 1–7\n\n' +
      CJK;
    expect(out).toEqual({
      text,
      tokens: Math.ceil(text.length / 4),
      truncated: false,
      included: 2,
    });
  });

  it('budget 200: both results fit, each breadcrumb said once (in its header)', async () => {
    const out = await engine().exportResults({
      ids: ['ex:guide.md#errors', 'ex:cjk.md#東京の案内'],
      format: 'md',
      maxTokens: 200,
      breadcrumbMode: 'conditional',
    });
    expect(out.truncated).toBe(false);
    expect(out.tokens).toBeLessThanOrEqual(200);
    expect(out.text).toBe(
      '## Rust error guide › Errors\n\nSource: ex · [guide.md#errors](<guide.md#errors>) · lines 5–25\n\n' +
        GUIDE_ERRORS +
        '\n## 東京の案内\n\nSource: ex · [cjk.md#東京の案内](<cjk.md#東京の案内>) · lines 1–7\n\n' +
        CJK,
    );
  });

  it('budget 50: a result larger than the budget is cut at a paragraph and the cut marked', async () => {
    const out = await engine().exportResults({
      ids: ['ex:guide.md#result'],
      format: 'md',
      maxTokens: 50,
      breadcrumbMode: 'always',
    });
    expect(out).toEqual({
      text: '## Rust error guide › Errors › Result\n\nSource: ex · [guide.md#result](<guide.md#result>) · lines 9–22\n\n## Result\n\nA function that can fail returns `Result<T, E>`. The caller decides what to do.\n\n[…]\n',
      tokens: 50,
      truncated: true,
      included: 1,
    });
  });

  it('a cut inside a code block closes the fence', async () => {
    const out = await engine().exportResults({
      ids: ['ex:guide.md#result'],
      format: 'md',
      maxTokens: 80,
      breadcrumbMode: 'none',
    });
    expect(out.text).toBe(
      '## Rust error guide › Errors › Result\n\nSource: ex · [guide.md#result](<guide.md#result>) · lines 9–22\n\n## Result\n\nA function that can fail returns `Result<T, E>`. The caller decides what to do.\n\n```rust\nfn read(path: &str) -> Result<String, io::Error> {\n    let text = fs::read_to_string(path)?;\n```\n\n[…]\n',
    );
  });

  it('plain text, CJK cut at a sentence end', async () => {
    const out = await engine().exportResults({
      ids: ['ex:cjk.md#東京の案内'],
      format: 'text',
      maxTokens: 20,
      breadcrumbMode: 'none',
    });
    expect(out).toEqual({
      text: '東京の案内\nex:cjk.md#東京の案内 · lines 1–7\n\n# 東京の案内\n\n東京タワーは高いです。展望台から富士山が見えます。\n\n[…]\n',
      tokens: 19,
      truncated: true,
      included: 1,
    });
  });

  it('a budget too small for the first source still says where the export came from', async () => {
    const ids = ['ex:guide.md#result', 'ex:guide.md#panic'];
    const md = await engine().exportResults({ ids, format: 'md', maxTokens: 5 });
    expect(md).toEqual({
      text: '## Rust error guide › Errors › Result\n\nSource: ex · [guide.md#result](<guide.md#result>) · lines 9–22\n\n[…]\n',
      tokens: 27,
      truncated: true,
      included: 1,
    });
    const text = await engine().exportResults({ ids, format: 'text', maxTokens: 5 });
    expect(text.text).toBe(
      'Rust error guide › Errors › Result\nex:guide.md#result · lines 9–22\n\n[…]\n',
    );
    const json = await engine().exportResults({ ids, format: 'json', maxTokens: 30 });
    expect(JSON.parse(json.text)).toEqual({
      results: [
        {
          id: 'ex:guide.md#result',
          vault: 'ex',
          path: 'guide.md',
          breadcrumb: '> Rust error guide › Errors › Result',
          startLine: 9,
          endLine: 22,
          text: '',
          truncated: true,
        },
      ],
    });
    expect(json).toMatchObject({ truncated: true, included: 1 });
  });

  it('counts the results a cut export holds', async () => {
    const ids = ['ex:guide.md#panic', 'ex:long.md#keeper-log', 'ex:cjk.md#交通'];
    const out = await engine().exportResults({ ids, format: 'md', maxTokens: 200 });
    expect(out).toMatchObject({ truncated: true, included: 2 });
    expect(out.text).not.toContain('cjk.md');
  });

  it('JSON: whole results first, then the one that does not fit, cut and flagged', async () => {
    const out = await engine().exportResults({
      ids: ['ex:guide.md#panic', 'ex:long.md#keeper-log'],
      format: 'json',
      maxTokens: 200,
      breadcrumbMode: 'conditional',
    });
    expect(out.tokens).toBeLessThanOrEqual(200);
    const parsed = JSON.parse(out.text) as { results: Array<Record<string, unknown>> };
    expect(parsed.results[0]).toEqual({
      id: 'ex:guide.md#panic',
      vault: 'ex',
      path: 'guide.md',
      breadcrumb: '> Rust error guide › Errors › Panic',
      startLine: 23,
      endLine: 25,
      text: 'Rust error guide > Errors > Panic\n\n## Panic\n\nCall panic! when a bug makes going on pointless. The program unwinds the stack and exits.\n',
      truncated: false,
    });
    expect(parsed.results[1]).toMatchObject({ id: 'ex:long.md#keeper-log', truncated: true });
    expect(String(parsed.results[1]!.text)).toMatch(
      /^Keeper log\n\n# Keeper log\n\nThe lighthouse.*lamp\.$/s,
    );
  });

  it('budget 2,000: a 13 kB section is cut at a sentence end, never mid-word', async () => {
    const out = await engine().exportResults({
      ids: ['ex:long.md#keeper-log'],
      format: 'md',
      maxTokens: 2000,
      breadcrumbMode: 'conditional',
    });
    const head =
      '## Keeper log\n\nSource: ex · [long.md#keeper-log](<long.md#keeper-log>) · lines 1–41\n\n';
    expect(out.truncated).toBe(true);
    expect(out.tokens).toBeLessThanOrEqual(2000);
    expect(out.tokens).toBeGreaterThan(1950);
    expect(out.text.startsWith(head)).toBe(true);
    expect(out.text.endsWith('lamp.\n\n[…]\n')).toBe(true);
    const kept = out.text.slice(head.length, -'\n\n[…]\n'.length);
    expect(readFileSync(join(VAULT, 'long.md'), 'utf8').startsWith(kept)).toBe(true);
  });

  it('the document node exports from after its frontmatter', async () => {
    const out = await engine().exportResults({
      ids: ['ex:guide.md'],
      format: 'text',
      maxTokens: null,
      breadcrumbMode: 'conditional',
    });
    expect(out.text).toBe('Rust error guide\nex:guide.md · lines 1–25\n\n' + GUIDE_ERRORS);
  });

  it('without subsections: the node’s own text and lines, up to its first subheading', async () => {
    const section = await engine().exportResults({
      ids: ['ex:guide.md#errors'],
      format: 'md',
      maxTokens: null,
      subsections: false,
    });
    expect(section.text).toBe(
      '## Rust error guide › Errors\n\nSource: ex · [guide.md#errors](<guide.md#errors>) · lines 5–7\n\n' +
        '# Errors\n\nRust groups errors into two kinds. Recoverable errors use Result. Unrecoverable ones panic.\n',
    );
    // A section without subsections is the same either way; the JSON entry's lines too.
    const leaf: ExportRequest = { ids: ['ex:guide.md#panic'], format: 'json', maxTokens: null };
    expect(await engine().exportResults({ ...leaf, subsections: false })).toEqual(
      await engine().exportResults(leaf),
    );
    // The document node: what precedes its first heading (here nothing but the frontmatter).
    const json = await engine().exportResults({
      ids: ['ex:guide.md#errors', 'ex:guide.md'],
      format: 'json',
      breadcrumbMode: 'none',
      subsections: false,
    });
    const [errors, note] = (JSON.parse(json.text) as { results: Array<Record<string, unknown>> })
      .results;
    expect(errors).toMatchObject({ startLine: 5, endLine: 7 });
    expect(note).toMatchObject({ startLine: 1, text: '' });
  });

  it('exports an id given twice once', async () => {
    const once = await engine().exportResults({ ids: ['ex:guide.md#panic'], format: 'md' });
    const twice = await engine().exportResults({
      ids: ['ex:guide.md#panic', 'ex:guide.md#panic'],
      format: 'md',
    });
    expect(twice).toEqual(once);
  });

  it('names an unknown id', async () => {
    await expect(engine().exportResults({ ids: ['ex:nope.md'] })).rejects.toThrow(
      'no indexed node "ex:nope.md"',
    );
  });
});

describe('buildExport', () => {
  const item = (n: number, text: string): ExportItem => ({
    id: `v:n${n}.md`,
    vault: 'v',
    path: `n${n}.md`,
    slug: null,
    breadcrumb: `> Note ${n}`,
    startLine: 1,
    endLine: 3,
    text,
  });

  it('writes JSON exactly as JSON.stringify does, for none, one and several results', () => {
    for (const count of [0, 1, 3]) {
      const items = Array.from({ length: count }, (_, n) => item(n, `"quoted"\nline ${n} ✓\n`));
      const out = buildExport(items, 'json', null);
      const results = items.map(({ slug: _slug, ...rest }) => ({ ...rest, truncated: false }));
      expect(out.text).toBe(`${JSON.stringify({ results }, null, 2)}\n`);
    }
  });

  it('reads no result past the one the budget cuts', () => {
    const taken: number[] = [];
    function* items() {
      for (let n = 0; n < 1000; n++) {
        taken.push(n);
        yield item(n, `Paragraph ${n}. `.repeat(40));
      }
    }
    for (const format of ['md', 'json'] as const) {
      taken.length = 0;
      const out = buildExport(items(), format, 500);
      expect(out.truncated).toBe(true);
      expect(out.included).toBeGreaterThanOrEqual(2);
      expect(taken).toEqual(Array.from({ length: out.included }, (_, n) => n));
    }
  });

  it('without a budget, stops at what the clipboard takes, cut and marked', () => {
    const big = 'A sentence of filler words. '.repeat(MAX_COPY_CHARS / 28 / 2 + 1000);
    const out = buildExport([item(0, big), item(1, big), item(2, big)], 'md', null);
    expect(out.text.length).toBeLessThanOrEqual(MAX_COPY_CHARS);
    expect(out.text.length).toBeGreaterThan(MAX_COPY_CHARS - 100);
    expect(out).toMatchObject({ truncated: true, included: 2 });
    expect(out.text.endsWith('filler words.\n\n[…]\n')).toBe(true);
  });
});
