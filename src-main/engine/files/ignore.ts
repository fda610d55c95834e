// Which vault paths are skipped (docs/design.md#files-indexed): any segment starting with `.`
// (`.git`, `.obsidian`, `.trash`…), any `node_modules`, and the vault's own ignore globs.
//
// A glob without a `/` is matched against every segment, like a `.gitignore` line (`drafts`,
// `*.tmp.md`); a glob with a `/` is matched against the path from the vault root (`archive/**`,
// `notes/private/*.md`). A matching folder hides everything inside it.
import picomatch from 'picomatch';

type Matcher = (path: string) => boolean;

const compiled = new Map<string, Matcher>();

/** Compiles a vault's ignore globs; throws an error naming the first invalid glob. */
export function compileIgnoreGlobs(globs: readonly string[]): Matcher {
  const key = JSON.stringify(globs);
  const cached = compiled.get(key);
  if (cached) return cached;
  const matchers = globs.map((glob) => {
    const trimmed = glob.trim().replace(/^\/+|\/+$/g, '');
    if (trimmed === '') throw new Error(`ignore glob "${glob}" is empty`);
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
