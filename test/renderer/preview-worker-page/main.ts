// The page of test/e2e/preview-worker.spec.ts: the preview's worker client, built as the app
// builds it (its worker bundled by Vite), handed to the test, with every worker started counted.
import { PreviewWorkerClient } from '../../../src-renderer/src/lib/preview-worker-client.ts';

const scope = globalThis as unknown as {
  PreviewWorkerClient: typeof PreviewWorkerClient;
  workersStarted: number;
  Worker: typeof Worker;
};
scope.workersStarted = 0;
const BrowserWorker = scope.Worker;
scope.Worker = class extends BrowserWorker {
  constructor(...args: ConstructorParameters<typeof Worker>) {
    super(...args);
    scope.workersStarted += 1;
  }
};
scope.PreviewWorkerClient = PreviewWorkerClient;
