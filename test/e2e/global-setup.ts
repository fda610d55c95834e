// Builds the renderer once for the whole run (the bridge then starts with `--no-build`).
import { buildRenderer } from '../../src-main/bridge/build-renderer.ts';

export default async function globalSetup(): Promise<void> {
  await buildRenderer();
}
