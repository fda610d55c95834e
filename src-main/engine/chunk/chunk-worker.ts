// Worker-thread entry of the chunk pool (`chunk-pool.ts`): chunks what the pool sends, one
// message at a time, and answers with the same id; ends when the pool asks it to.
import { parentPort } from 'node:worker_threads';
import { chunkDocument } from './chunk-document.ts';
import { chunkFileBatch } from './chunk-file.ts';
import type { WorkerRequest, WorkerResponse } from './chunk-pool.ts';

const port = parentPort;
if (!port) throw new Error('chunk-worker.ts must run in a worker thread');

port.on('message', (request: WorkerRequest) => {
  if (request.kind === 'close') {
    port.close(); // nothing keeps the thread alive any more: it ends
    return;
  }
  let response: WorkerResponse;
  try {
    if (request.kind === 'document') {
      const json = JSON.stringify(chunkDocument(request.input));
      response = { id: request.id, kind: 'document', json };
    } else {
      response = { id: request.id, kind: 'files', batch: chunkFileBatch(request.tasks) };
    }
  } catch (error) {
    response = { id: request.id, kind: 'error', message: (error as Error).message };
  }
  port.postMessage(response);
});
// Started: the pool may now end this thread safely.
port.postMessage({ id: 0, kind: 'ready' } satisfies WorkerResponse);
