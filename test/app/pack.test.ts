// Packs the app with the real electron-builder.yml and a stub Electron (offline), then checks the
// package: see pack-check.ts. Slow-ish (a build and a pack), so it runs once, in one test.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importedPackages, runPackCheck } from './pack-check.ts';

const outputDir = await mkdtemp(join(tmpdir(), 'folio-pack-test-'));

afterAll(async () => {
  await rm(outputDir, { recursive: true, force: true });
});

describe('packaging', () => {
  it('packs the built app with its asar, unpacked native module, sample vault and icons', async () => {
    const report = await runPackCheck({ outputDir });
    expect(report.problems).toEqual([]);
    expect(report.appDir).toMatch(/linux(-\w+)?-unpacked$/);
  }, 180_000);
});

describe('importedPackages', () => {
  it('lists the bare packages a bundle imports, scoped ones whole', async () => {
    const bundle = join(outputDir, 'bundle.js');
    await writeFile(
      bundle,
      [
        'import { readFile } from "node:fs";',
        'import { app } from "electron";',
        'import Database from "better-sqlite3";',
        'import { gfm } from "micromark-extension-gfm";',
        "import { x } from '@scope/pkg/sub/path';",
        'import local from "./chunk.js";',
        'import * as y from "yaml";',
        'const notAnImport = "import z from \'fake\'";',
      ].join('\n'),
    );
    expect(await importedPackages(bundle)).toEqual([
      '@scope/pkg',
      'better-sqlite3',
      'micromark-extension-gfm',
      'yaml',
    ]);
  });
});
