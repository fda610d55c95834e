// The preview's worker client in real Chromium with its real worker (docs/ui.md#the-preview): a
// section asked for while another renders waits for a render that has run only briefly and ends
// one that has run long, and a request waiting behind another is still shown as plain text after
// the time limit. The client runs alone in a page built the way the app is built
// (test/renderer/preview-worker-page), served from a temporary folder.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { rendererResolve } from '../../src-main/bridge/build-renderer.ts';

const REPO = join(import.meta.dirname, '..', '..');
const PAGE_ROOT = join(REPO, 'test', 'renderer', 'preview-worker-page');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** A section quick to render, and one micromark takes quadratic time over (25 s in Node). */
const FAST = (title: string) => `# ${title}\n\nA short section.\n`;
const SLOW = `# Slow\n\n${'*a'.repeat(10_000)}\n`;

let dir = '';
let server: Server;
let origin = '';

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-preview-worker-'));
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: PAGE_ROOT,
    base: './',
    logLevel: 'warn',
    resolve: rendererResolve(REPO),
    build: { outDir: dir, emptyOutDir: true },
  });
  server = createServer((request, response) => {
    const path = normalize(join(dir, new URL(request.url!, 'http://x').pathname));
    if (!path.startsWith(dir)) return void response.writeHead(404).end();
    try {
      const file = readFileSync(path.endsWith('/') ? join(path, 'index.html') : path);
      response.writeHead(200, { 'content-type': TYPES[extname(path) || '.html'] ?? 'text/plain' });
      response.end(file);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((closed) => server.close(closed));
  rmSync(dir, { recursive: true, force: true });
});

type Render = { kind: 'tree' } | { kind: 'plain'; reason: string };

/**
 * Asks a new client (with `options`) for each of `sections` in turn, without waiting, and returns
 * the answers (`tree`, or why it is plain text) and how many workers the page started.
 */
async function renderAll(
  page: Page,
  sections: string[],
  options: { timeoutMs?: number; restartAfterMs?: number },
): Promise<{ answers: string[]; workers: number }> {
  await page.goto(`${origin}/`);
  return page.evaluate(
    async ({ sections, options }) => {
      const scope = globalThis as unknown as {
        PreviewWorkerClient: new (options: object) => {
          render(markdown: string, highlights: never[]): Promise<Render>;
          close(): void;
        };
        workersStarted: number;
      };
      const client = new scope.PreviewWorkerClient(options);
      const answers = await Promise.all(sections.map((markdown) => client.render(markdown, [])));
      client.close();
      return {
        answers: answers.map((render) => (render.kind === 'plain' ? render.reason : 'tree')),
        workers: scope.workersStarted,
      };
    },
    { sections, options },
  );
}

test('a superseded render that runs long ends its worker; the newer section renders in another', async ({
  page,
}) => {
  // The default restart limit; a time limit no two worker starts reach on a loaded machine.
  const { answers, workers } = await renderAll(page, [SLOW, FAST('Next')], { timeoutMs: 20_000 });
  expect(answers).toEqual(['a newer section was asked for', 'tree']);
  expect(workers).toBe(2);
});

test('a superseded render that finishes within the restart limit keeps its worker', async ({
  page,
}) => {
  // A limit no short section reaches, however loaded the machine: the rule, not the timing.
  const { answers, workers } = await renderAll(page, [FAST('One'), FAST('Two'), FAST('Three')], {
    restartAfterMs: 20_000,
  });
  expect(answers).toEqual([
    'a newer section was asked for',
    'a newer section was asked for',
    'tree',
  ]);
  expect(workers).toBe(1);
});

test('a section waiting behind a long render is plain text after the time limit', async ({
  page,
}) => {
  // The render ahead is never ended for the newer one (its restart limit is never reached): the
  // time limit, counted from the request, still answers the one waiting, and ends the worker.
  const { answers, workers } = await renderAll(page, [SLOW, FAST('Waiting')], {
    timeoutMs: 1_000,
    restartAfterMs: 60_000,
  });
  expect(answers).toEqual(['a newer section was asked for', 'it took longer than 1 s to render']);
  expect(workers).toBe(1);
});
