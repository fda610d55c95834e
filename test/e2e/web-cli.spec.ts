// `npm run web` as a command: a port that is taken is one line and exit 1, not a process that
// keeps running with its engine (watchers, index worker) and serves nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const REPO = join(import.meta.dirname, '..', '..');
const WEB_ENTRY = join(REPO, 'src-main', 'bridge', 'web.ts');

test('a port in use: one line naming it, exit 1', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as AddressInfo).port;
  const dir = mkdtempSync(join(tmpdir(), 'folio-web-cli-'));
  try {
    const run = spawn(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        '--experimental-strip-types',
        WEB_ENTRY,
        '--no-build',
        '--no-watch',
        '--db',
        join(dir, 'folio.db'),
        '--port',
        String(port),
      ],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    run.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => (run.kill(), resolve(null)), 20_000);
      run.on('exit', (status) => (clearTimeout(timer), resolve(status)));
    });
    expect(code).toBe(1);
    expect(stderr).toBe(`folio web: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`);
  } finally {
    blocker.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
