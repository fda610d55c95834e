// Entry file of the index worker thread (bundled as `index-worker.js` by electron.vite.config.ts;
// run from source by Node's type stripping otherwise). The work is in `index-requests.ts`.
import { parentPort, workerData } from 'node:worker_threads';
import { serveIndexRequests } from './index-requests.ts';
import type { IndexWorkerData } from './worker-protocol.ts';

if (!parentPort) throw new Error('index-worker.ts runs as a worker thread, not as a program');
serveIndexRequests(parentPort, workerData as IndexWorkerData);
