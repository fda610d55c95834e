// Each test gets its own `npm run web` bridge (the real engine, a fresh database) on a temporary
// copy of the e2e vault, and a page that fails the test on any Content-Security-Policy violation.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { VaultInfo } from '#shared/contract/api.ts';
import { spawnWeb, type WebProcess } from '../support/web-process.ts';

const REPO = join(import.meta.dirname, '..', '..');
const FIXTURE_VAULT = join(REPO, 'test', 'fixtures', 'e2e-vault');

/** Files in the e2e vault (six notes and a .txt): indexing is done when all are in. */
const VAULT_DOCUMENTS = 7;

/** A running bridge and the temporary files it serves. */
export interface RunningBridge {
  /** The main page, token included. */
  url: string;
  /** The quick-search page, token included. */
  quickUrl: string;
  origin: string;
  token: string;
  /** The temporary copy of the e2e vault (tests edit it). */
  vaultDir: string;
  /** A scratch folder for the test (e.g. a second vault). */
  scratch: string;
  /** Calls the API as the page would; throws on an error result. */
  call<T>(method: string, argument?: unknown): Promise<T>;
}

/** Where the screenshots of the main states go (outside Playwright's cleaned output folder). */
export const SCREENSHOTS = join(REPO, 'test-results', 'screenshots');

/** Light and dark screenshots of the page as it is: `SCREENSHOTS/NAME-light.png`, `…-dark.png`. */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${scheme}.png`) });
  }
}

async function startBridge(dir: string): Promise<{ web: WebProcess; bridge: RunningBridge }> {
  const vaultDir = join(dir, 'vault');
  cpSync(FIXTURE_VAULT, vaultDir, { recursive: true });
  const web = await spawnWeb(['--db', join(dir, 'folio.db'), `${vaultDir}=e2e`]);
  const { origin, token, call } = web;
  const fragment = `#token=${token}`;
  const bridge = {
    url: `${origin}/${fragment}`,
    quickUrl: `${origin}/quick.html${fragment}`,
    origin,
    token,
    vaultDir,
    scratch: join(dir, 'scratch'),
    call,
  };
  await expect
    .poll(
      async () => (await call<VaultInfo[]>('listVaults')).find((vault) => vault.name === 'e2e'),
      { timeout: 20_000 },
    )
    .toMatchObject({ documents: VAULT_DOCUMENTS });
  return { web, bridge };
}

export const test = base.extend<{ bridge: RunningBridge }>({
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  bridge: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-e2e-'));
    const { web, bridge } = await startBridge(dir);
    try {
      await use(bridge);
    } finally {
      await web.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
    await use(page);
    expect(violations, 'CSP violations and page errors').toEqual([]);
  },
});

export { expect, spawnWeb };
