import { describe, expect, it } from 'vitest';
import { Fold } from '../../src-renderer/src/state/fold.svelte.ts';

describe('Fold', () => {
  it('is open where there is room and folded where there is not, until toggled', () => {
    let roomy = true;
    const fold = new Fold(() => roomy);
    expect(fold.open).toBe(true);
    roomy = false;
    expect(fold.open).toBe(false);
  });

  it('keeps the choice the user made whatever the room', () => {
    let roomy = false;
    const fold = new Fold(() => roomy);
    fold.toggle();
    expect(fold.open).toBe(true);
    roomy = true;
    fold.toggle();
    expect(fold.open).toBe(false);
    roomy = false;
    expect(fold.open).toBe(false);
    roomy = true;
    expect(fold.open).toBe(false);
  });
});
