// Files named on the command line (`--queries FILE`): read only when they are ordinary files, so
// a named pipe or a device given by mistake is refused in one line instead of blocking for ever.
import { readRegularFile } from '../engine/files/regular-file.ts';
import { expandHome } from '../engine/vaults/home-path.ts';
import { CliError } from './command.ts';

/** The text of the file given as `option`; a one-line `CliError` naming it when it cannot be. */
export function readInputText(path: string, option: string): string {
  try {
    return readRegularFile(expandHome(path)).toString('utf8');
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const why =
      e.code === 'ENOENT'
        ? 'no such file'
        : e.code === 'EACCES' || e.code === 'EPERM'
          ? 'permission denied'
          : e.code === 'EISDIR'
            ? 'is a folder, not a file'
            : e.message.split('\n')[0];
    throw new CliError(`${option} ${path}: ${why}`);
  }
}
