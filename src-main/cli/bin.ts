// The Folio command line: `npm run --silent cli -- <command> …` (docs/design.md#command-line). Each
// command lives in `commands/<name>-command.ts` and is loaded on demand, so a quick command never
// pays for a slow one.
import { runProcess } from './run.ts';

export { main } from './run.ts';

if (import.meta.main) await runProcess();
