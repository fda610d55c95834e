// `npm run web` keeps its vaults from run to run (issue 14, item 10): folders named on the command
// line are added to the earlier ones, `--only` serves just those, the sample vault comes with a new
// database only, and a folder typed as `~/notes` in the vault panel is the home folder's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VaultInfo } from '#shared/contract/api.ts';
import { runWebToExit } from '../support/web-process.ts';
import { expect, spawnWeb, test } from './bridge-fixture.ts';
import { results, searchBox } from './locators.ts';

// Each test starts the bridge two to four times (engine, index, watcher each time).
test.describe.configure({ timeout: 120_000 });

let dir = '';
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'folio-web-vaults-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

function folder(name: string, word: string): string {
  const root = join(dir, 'home', name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, `${name}.md`), `# ${name}\n\nA note about ${word}.\n`);
  return root;
}

const names = (vaults: VaultInfo[]) => vaults.map((vault) => vault.name).sort();

test('vaults are kept from run to run; --only serves just the folders given', async () => {
  const db = join(dir, 'web.db');
  const env = { ...process.env, HOME: join(dir, 'home') };
  const alpha = folder('alpha', 'apples');
  folder('beta', 'bees');

  // A new database and no folder: the sample vault, and the start-up lines say so.
  let web = await spawnWeb(['--no-watch', '--db', db], env);
  expect(names(await web.call<VaultInfo[]>('listVaults'))).toEqual(['sample']);
  expect(web.output()).toMatch(/Vaults \(1, kept from run to run.*\n {2}sample {2}\S*sample-vault/);
  await web.stop();

  // A folder given (with ~) is added; the sample vault stays.
  web = await spawnWeb(['--no-watch', '--db', db, '~/beta'], env);
  expect(names(await web.call<VaultInfo[]>('listVaults'))).toEqual(['beta', 'sample']);
  await web.stop();

  // No folder on an existing database: the same vaults, nothing dropped, no sample added back.
  web = await spawnWeb(['--no-watch', '--db', db], env);
  expect(names(await web.call<VaultInfo[]>('listVaults'))).toEqual(['beta', 'sample']);
  expect(web.output()).toContain(`  beta    ${join(dir, 'home', 'beta')}  (`);
  await web.stop();

  // --only: just the folder given.
  web = await spawnWeb(['--no-watch', '--db', db, '--only', alpha], env);
  expect(names(await web.call<VaultInfo[]>('listVaults'))).toEqual(['alpha']);
  expect(web.output()).toContain('only the folders given (--only removed any other)');
  await web.stop();
});

test('the vault panel takes ~/folder as the home folder, and the vault stays for the next run', async ({
  page,
}) => {
  const db = join(dir, 'web.db');
  const env = { ...process.env, HOME: join(dir, 'home') };
  folder('gamma', 'gannets');
  let web = await spawnWeb(['--no-watch', '--db', db, folder('alpha', 'apples')], env);
  try {
    await page.goto(`${web.origin}/#token=${web.token}`);
    await page.keyboard.press('Alt+v');
    const panel = page.getByRole('dialog', { name: 'Vaults' });
    await expect(panel.getByText('~ is its home folder')).toBeVisible();
    await panel.getByLabel('Add a folder').fill('~/gamma');
    await panel.getByLabel('Add a folder').press('Enter');
    await expect(panel.locator('[data-vault="gamma"]')).toContainText(join(dir, 'home', 'gamma'));
    await expect(panel.locator('[data-vault="gamma"]')).toContainText('1 document');
    await web.stop();

    web = await spawnWeb(['--no-watch', '--db', db], env);
    await page.goto(`${web.origin}/#token=${web.token}`);
    await searchBox(page).fill('gannets');
    await expect(results(page).first()).toContainText('gamma');
  } finally {
    await web.stop();
  }
});

test('a folder refused against the database registers none of the folders given', async () => {
  const db = join(dir, 'web.db');
  const keeper = folder('keeper', 'kites');
  const fresh = folder('fresh', 'figs');
  let web = await spawnWeb(['--no-watch', '--db', db, keeper]);
  await web.stop();

  // `fresh` comes first and is acceptable; the folder inside `keeper` is not: neither is added.
  const inside = join(keeper, 'inside');
  mkdirSync(inside);
  const refused = await runWebToExit(['--no-watch', '--db', db, fresh, inside]);
  expect(refused.output).toBe(
    `folio web: folder ${inside} is inside the vault "keeper" (${keeper}), whose search already covers it\n`,
  );
  expect(refused.status).toBe(1);

  web = await spawnWeb(['--no-watch', '--db', db]);
  expect(names(await web.call<VaultInfo[]>('listVaults'))).toEqual(['keeper']);
  await web.stop();
});
