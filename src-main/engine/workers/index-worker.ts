// Entry file of the index worker thread (bundled as `index-worker.js` by electron.vite.config.ts;
// run from source by Node's type stripping otherwise). The work is in `../live/index-worker.ts`.
import { parentPort, workerData } from 'node:worker_threads';
import { serveIndexRequests } from '../live/index-worker.ts';
import type { IndexWorkerData } from '../live/worker-protocol.ts';

if (!parentPort) throw new Error('index-worker.ts runs as a worker thread, not as a program');
serveIndexRequests(parentPort, workerData as IndexWorkerData);
