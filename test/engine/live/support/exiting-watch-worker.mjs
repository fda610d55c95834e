// A watch thread that ends: posts `ready` for the first vault it is asked to watch, then exits
// with code 3 (watch-thread-lost.test.ts).
import { parentPort } from 'node:worker_threads';

parentPort.once('message', (request) => {
  parentPort.postMessage({ id: request.id, message: { type: 'ready' } });
  setTimeout(() => process.exit(3), 50);
});
