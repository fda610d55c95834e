// `~` in a path typed by a person (`~/notes` in the vault panel, `npm run web ~/notes=work`, a
// `cli` folder or `--db` in an assistant's configuration, where no shell expands it):
// it means the home folder, as in a shell. Only `~` alone or followed by a separator; `~user`
// and a `~` anywhere else are left as typed (and then refused as not absolute, naming the path).
import { homedir } from 'node:os';
import { join } from 'node:path';

/** `path` with a leading `~` (alone, or before `/`, or `\` on Windows) replaced by `home`. */
export function expandHome(
  path: string,
  home: string = homedir(),
  platform: NodeJS.Platform = process.platform,
): string {
  if (path === '~') return home;
  const separator = platform === 'win32' ? /^~[\\/]/ : /^~\//;
  return separator.test(path) ? join(home, path.slice(2)) : path;
}
