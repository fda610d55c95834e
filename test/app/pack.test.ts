// Packs the app with the real electron-builder.yml and a stub Electron (offline), then checks the
// package: see pack-check.ts. Slow-ish (a build and a pack), so it runs once, in one test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPackCheck } from './pack-check.ts';

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
