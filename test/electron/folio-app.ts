// Launches the built app for a spec: a fresh profile folder (so the sample vault is registered on
// first run and nothing leaks between specs) and, on request, a temporary vault of its own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  _electron as electron,
  expect,
  type ElectronApplication,
  type Page,
} from '@playwright/test';
import type { ApiResult, FolioApi, SearchResponse } from '#shared/contract/api.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** What a spec works with. */
export interface FolioApp {
  app: ElectronApplication;
  /** The main window's page. */
  main: Page;
  /** The temporary profile folder (userData). */
  userData: string;
  close(): Promise<void>;
}

/** The page's `window.folio`, typed (the specs are compiled without DOM types). */
export type PageGlobals = typeof globalThis & { folio: FolioApi };

/** The main-process hooks `main.ts` exposes under FOLIO_E2E=1. */
export type MainGlobals = typeof globalThis & {
  folioE2E: {
    toggleQuickSearch(): void;
    hasTray(): boolean;
    activeHotkey(): string | null;
    webPreferencesOf(webContentsId: number): Record<string, unknown> | null;
  };
};

export async function launchFolio(): Promise<FolioApp> {
  const userData = await mkdtemp(join(tmpdir(), 'folio-e2e-profile-'));
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'ELECTRON_RENDERER_URL') env[key] = value;
  }
  const app = await electron.launch({
    args: [ROOT],
    cwd: ROOT,
    env: { ...env, FOLIO_USER_DATA_DIR: userData, FOLIO_E2E: '1' },
  });
  // Two windows open at start (main and the hidden quick search): pick the main one by its page.
  await app.firstWindow();
  await expect
    .poll(() => app.windows().some((page) => page.url().endsWith('/index.html')))
    .toBe(true);
  const main = app.windows().find((page) => page.url().endsWith('/index.html')) as Page;
  await main.waitForLoadState('domcontentloaded');
  // The hooks appear once the main process has finished booting (engine open, shortcut applied).
  await expect.poll(() => app.evaluate(() => 'folioE2E' in globalThis)).toBe(true);
  return {
    app,
    main,
    userData,
    async close() {
      await app.close().catch(() => undefined);
      await rm(userData, { recursive: true, force: true });
    },
  };
}

/** A temporary vault with one note; removed by the returned function. */
export async function makeVault(): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'folio-e2e-vault-'));
  await writeFile(
    join(root, 'birds.md'),
    '---\ntags: [fieldwork]\n---\n# Birds\n\n## Kestrel\n\nThe kestrel hovers above the meadow.\n',
  );
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** Searches from the page until `query` finds something (indexing runs in the background). */
export async function searchUntilFound(page: Page, query: string): Promise<SearchResponse> {
  let last: ApiResult<SearchResponse> | null = null;
  await expect
    .poll(
      async () => {
        last = await page.evaluate(
          (queries) => (globalThis as PageGlobals).folio.search({ queries }),
          [query],
        );
        return last.ok ? last.value.results.length : -1;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const found = last as ApiResult<SearchResponse> | null;
  if (!found?.ok) throw new Error(`search for ${query} failed`);
  return found.value;
}

/** The quick-search window's page (created hidden at start). */
export async function quickPage(folio: FolioApp): Promise<Page> {
  await expect
    .poll(() => folio.app.windows().some((page) => page.url().endsWith('/quick.html')))
    .toBe(true);
  return folio.app.windows().find((page) => page.url().endsWith('/quick.html')) as Page;
}

/** Whether the quick-search window is visible, asked from the main process. */
export function quickVisible(folio: FolioApp): Promise<boolean> {
  return folio.app.evaluate(({ BrowserWindow }) =>
    BrowserWindow.getAllWindows().some(
      (window) => window.webContents.getURL().endsWith('/quick.html') && window.isVisible(),
    ),
  );
}
