// Which vault paths are skipped (docs/design.md#files-indexed): any segment starting with `.`
// (`.git`, `.obsidian`, `.trash`…), any `node_modules`, and the vault's own ignore globs.
//
// A glob without a `/` is matched against every segment, like a `.gitignore` line (`drafts`,
// `*.tmp.md`); a glob with a `/` is matched against the path from the vault root (`archive/**`,
// `notes/private/*.md`). A matching folder hides everything inside it.
import picomatch from 'picomatch';

type Matcher = (path: string) => boolean;

/**
 * picomatch compiles a glob into a backtracking RegExp, and some globs take minutes on one path:
 * every `*` after the first in a name multiplies the tries by the name's length (and the names of
 * a path multiply each other), a repeated group can try exponentially many ways, and so can many
 * groups. The index worker would spin on them for good (docs/decisions.md#files-and-chunking).
 * Beyond one `*` per name, a glob may hold this many more (`*a*b*`, or `*a*` and `*b*` as two
 * names: ~60 ms on 200-character names of one letter, the worst case).
 */
const MAX_EXTRA_STARS = 2;
/** Groups `(…)` a glob may hold (2ⁿ tries when their choices overlap: 22 took 0.4 s a path). */
const MAX_GROUPS = 12;

/** Why matching `glob` could take minutes on some path (read after the glob), or null. */
function tooCostly(glob: string): string | null {
  if (/[*+]\(/.test(glob))
    return 'has a repeated group, *(…) or +(…), which could take minutes to match';
  let extra = 0;
  for (const name of glob.split('/')) {
    if (name !== '**') extra += Math.max(0, (name.match(/\*+/g)?.length ?? 0) - 1);
  }
  if (extra > MAX_EXTRA_STARS) {
    return `could take minutes to match: use one "*" per name, and at most ${MAX_EXTRA_STARS} more in all`;
  }
  if ((glob.match(/\(/g)?.length ?? 0) > MAX_GROUPS) {
    return `has more than ${MAX_GROUPS} groups (…), which could take minutes to match`;
  }
  return null;
}

const compiled = new Map<string, Matcher>();

/** Compiles a vault's ignore globs; throws an error naming the first invalid glob. */
export function compileIgnoreGlobs(globs: readonly string[]): Matcher {
  const key = JSON.stringify(globs);
  const cached = compiled.get(key);
  if (cached) return cached;
  const matchers = globs.map((glob) => {
    const trimmed = glob.trim().replace(/^\/+|\/+$/g, '');
    if (trimmed === '') throw new Error(`ignore glob "${glob}" is empty`);
    const costly = tooCostly(trimmed);
    if (costly) throw new Error(`ignore glob "${glob}" ${costly}`);
    try {
      return picomatch(trimmed, { dot: true, basename: !trimmed.includes('/') });
    } catch (error) {
      throw new Error(`ignore glob "${glob}" is invalid: ${(error as Error).message}`, {
        cause: error,
      });
    }
  });
  const matcher: Matcher = (path) => matchers.some((match) => match(path));
  if (compiled.size > 100) compiled.clear();
  compiled.set(key, matcher);
  return matcher;
}

/** True when a vault-relative, `/`-separated path (file or folder) is skipped. */
export function isIgnored(relPath: string, extraGlobs: readonly string[] = []): boolean {
  const segments = relPath.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith('.') || segment === 'node_modules')) {
    return true;
  }
  if (extraGlobs.length === 0) return false;
  const matches = compileIgnoreGlobs(extraGlobs);
  // Every ancestor folder too: `archive/**` or `drafts` hides what is inside.
  for (let end = 1; end <= segments.length; end++) {
    if (matches(segments.slice(0, end).join('/'))) return true;
  }
  return false;
}
