// Is a vault's folder there? One rule, used by the watchers (status `offline`) and by the indexer
// (which refuses to remove documents of an offline vault): a folder that vanished is offline, and
// so is one that is empty on another device than it last held files on — an unmounted disk leaves
// its mount point behind as an empty folder of the parent file system.
import { opendirSync, statSync } from 'node:fs';

/** The device a path is on (`stat().dev`, through symbolic links); tests fake a disk change. */
export type DeviceOf = (path: string) => number;

/** The real device of a path. */
export const statDevice: DeviceOf = (path) => statSync(path).dev;

/** A vault folder as it is now. */
export type RootState =
  | { offline: true; reason: string }
  | {
      offline: false;
      /** The device it is on, to record when it holds files (`empty` false). */
      device: number;
      empty: boolean;
    };

const isEmpty = (root: string): boolean => {
  try {
    const dir = opendirSync(root);
    try {
      return dir.readSync() === null; // one entry is enough: no listing of a large folder
    } finally {
      dir.closeSync();
    }
  } catch {
    return false; // unreadable: the walk reports it; not a sign of an unmounted disk
  }
};

/** The state of `root`, given the device it last held files on (null: not known yet). */
export function vaultRootState(
  root: string,
  lastDevice: number | null,
  deviceOf: DeviceOf = statDevice,
): RootState {
  let device: number;
  try {
    if (!statSync(root).isDirectory()) return { offline: true, reason: `${root} is not a folder` };
    device = deviceOf(root);
  } catch {
    return { offline: true, reason: `folder ${root} is not there` };
  }
  const empty = isEmpty(root);
  // Offline: empty on another device than it last held files on (an unmounted disk's mount point).
  if (empty && lastDevice !== null && device !== lastDevice)
    return {
      offline: true,
      reason: `folder ${root} is empty and on another device than its files were (an unmounted disk?)`,
    };
  return { offline: false, device, empty };
}

/** The error a reconcile of an offline vault fails with (`code` survives the worker boundary). */
export class VaultOfflineError extends Error {
  readonly code = 'EOFFLINE';
}
