// The real watch thread (the built `watch-worker.js` of the test run, FOLIO_WORKER_DIR), which
// exits with code 7 shortly after its first vault is ready — unless the file named by
// FOLIO_TEST_DYING_MARKER exists, which it writes as it goes (so only the first thread dies).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

const marker = process.env.FOLIO_TEST_DYING_MARKER;
const post = parentPort.postMessage.bind(parentPort);
parentPort.postMessage = (reply) => {
  post(reply);
  if (reply?.message?.type !== 'ready' || !marker || existsSync(marker)) return;
  writeFileSync(marker, '');
  setTimeout(() => process.exit(7), 300);
};
await import(pathToFileURL(join(process.env.FOLIO_WORKER_DIR, 'watch-worker.js')).href);
