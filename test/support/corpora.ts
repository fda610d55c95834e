// Where the shared markdown corpora live. They sit beside the repository (`../shared/corpora`),
// not in it; a clone elsewhere finds them through FOLIO_CORPORA_DIR or the workplace's copy.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const repo = join(import.meta.dirname, '..', '..');

function findCorpora(): string {
  const candidates = [
    process.env.FOLIO_CORPORA_DIR,
    join(repo, '..', 'shared', 'corpora'),
    '/work/shared/corpora',
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(join(dir, 'adversarial')));
  if (!found) {
    throw new Error(
      `the shared corpora were not found (looked in ${candidates.join(', ')}); set FOLIO_CORPORA_DIR`,
    );
  }
  return found;
}

/** The folder holding `adversarial/`, `rust-book/`, `msdocs-cpp/`, … */
export const CORPORA_DIR = findCorpora();

/** One corpus folder, e.g. `corpusDir('adversarial')`. */
export function corpusDir(name: string): string {
  return join(CORPORA_DIR, name);
}
