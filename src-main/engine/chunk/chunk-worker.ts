// Worker-thread entry of the chunk pool (`chunk-pool.ts`): chunks what the pool sends, one
// message at a time, and answers with the same id.
import { parentPort } from 'node:worker_threads';
import { chunkDocument } from './chunk-document.ts';
import { chunkFileToLine } from './chunk-file.ts';
import type { WorkerRequest, WorkerResponse } from './chunk-pool.ts';

const port = parentPort;
if (!port) throw new Error('chunk-worker.ts must run in a worker thread');

port.on('message', (request: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    response =
      request.kind === 'document'
        ? { id: request.id, kind: 'document', json: JSON.stringify(chunkDocument(request.input)) }
        : { id: request.id, kind: 'line', line: chunkFileToLine(request.task) };
  } catch (error) {
    response = { id: request.id, kind: 'error', message: (error as Error).message };
  }
  port.postMessage(response);
});
