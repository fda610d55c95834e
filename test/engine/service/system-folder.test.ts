// Folders that cannot be vaults: a disk's root and the kernel's file systems.
import { describe, expect, it } from 'vitest';
import { systemFolder } from '../../../src-main/engine/vaults/vault-registration.ts';

describe('systemFolder', () => {
  it('names the root of the file system and the kernel folders', () => {
    expect(systemFolder('/')).toBe('the root of the file system');
    expect(systemFolder('/proc')).toBe('inside the system folder /proc');
    expect(systemFolder('/proc/123/root')).toBe('inside the system folder /proc');
    expect(systemFolder('/sys/kernel')).toBe('inside the system folder /sys');
    expect(systemFolder('/dev')).toBe('inside the system folder /dev');
  });

  it('lets every other folder be a vault', () => {
    for (const folder of [
      '/procedures',
      '/home/ana/dev',
      '/home/ana/proc',
      '/devices',
      '/srv/notes',
    ])
      expect(systemFolder(folder)).toBeNull();
  });
});
