// Reading a file that must be an ordinary file: a note being indexed, a `--queries` file, a
// database header. Opening never blocks — a FIFO (named pipe) opened for reading waits for a
// writer for ever, and no signal or thread termination ends a blocked `open()` — so files are
// opened non-blocking, and what was opened is checked before a byte is read. A file that is (or
// leads by a symbolic link to) a kernel file (`/proc`, `/sys`, `/dev`) is refused too:
// `/proc/self/environ` would hand out the process's environment.
import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import { isAbsolute, relative } from 'node:path';

/** Kernel file systems: generated files, devices, and links back to the whole disk. */
const SYSTEM_FOLDER = /^\/(proc|sys|dev)(\/|$)/;

/** The kernel folder (`/proc`, `/sys` or `/dev`) a real path is inside, or null. */
export function systemFolderOf(real: string): string | null {
  const kernel = SYSTEM_FOLDER.exec(real.replaceAll('\\', '/'));
  return kernel ? `/${kernel[1]}` : null;
}

/** True when `outer` is a folder above `inner` (both real paths): `/` holds every folder. */
function holds(outer: string, inner: string): boolean {
  const path = relative(outer, inner);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}

/**
 * Why a symbolic link met inside the vault whose real folder is `vaultReal` is not followed, or
 * null: it leads into a kernel folder, or to a folder holding the vault — `/`, the home folder —
 * whose walk and watch would take in everything beside the vault (the whole disk for `/`), as a
 * vault holding another is refused (docs/decisions.md).
 */
export function refusedLink(real: string, vaultReal: string): NotRegularFileError | null {
  const system = systemFolderOf(real);
  if (system) return systemFileError(system);
  if (!holds(real, vaultReal)) return null;
  return new NotRegularFileError(
    `leads to ${real}, a folder holding the vault, which is never walked`,
    'ESYSTEM',
  );
}

/** The error of a file that is not an ordinary file; `code` says why. */
export class NotRegularFileError extends Error {
  override name = 'NotRegularFileError';
  readonly code: 'ENOTREG' | 'ESYSTEM';

  constructor(message: string, code: 'ENOTREG' | 'ESYSTEM') {
    super(message);
    this.code = code;
  }
}

/** The error of a file that is a pipe, socket, device or folder. */
export function notRegularFileError(info: Stats): NotRegularFileError {
  return new NotRegularFileError(`is ${kindOf(info)}, not a file`, 'ENOTREG');
}

/** The error of a file that leads into a kernel folder (`systemFolderOf`). */
export function systemFileError(system: string): NotRegularFileError {
  return new NotRegularFileError(
    `leads into the system folder ${system}, which is never read`,
    'ESYSTEM',
  );
}

/** What kind of file a non-regular one is, in words. */
function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isDirectory()) return 'a folder';
  return 'not an ordinary file';
}

/** Where an open file really is (Linux: its `/proc/self/fd` link; elsewhere: the path's). */
function realPathOf(fd: number, path: string): string {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return realpathSync(path);
  }
}

const NON_BLOCKING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * Opens `path` for reading without ever blocking, and returns the descriptor with its `fstat`
 * once it is known to be an ordinary file outside the kernel's folders; throws
 * `NotRegularFileError` otherwise (the descriptor closed). The caller closes it.
 */
export function openRegularFile(path: string): { fd: number; info: Stats } {
  const fd = openSync(path, NON_BLOCKING);
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw notRegularFileError(info);
    const system = systemFolderOf(realPathOf(fd, path));
    if (system) throw systemFileError(system);
    return { fd, info };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * The bytes of an ordinary file (see `openRegularFile`); over `maxBytes`, `tooLarge(size)` is
 * thrown before anything is read.
 */
export function readRegularFile(
  path: string,
  maxBytes = Infinity,
  tooLarge: (size: number) => Error = (size) => new Error(`too large (${size} bytes)`),
): Buffer {
  const { fd, info } = openRegularFile(path);
  try {
    if (info.size > maxBytes) throw tooLarge(info.size);
    // A non-blocking descriptor reads an ordinary file as any other: the flag only matters for
    // pipes and devices, which were refused above.
    const bytes = readFileSync(fd);
    if (bytes.length > maxBytes) throw tooLarge(bytes.length);
    return bytes;
  } finally {
    closeSync(fd);
  }
}
