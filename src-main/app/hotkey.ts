// The quick-search global shortcut, kept in step with the `quickSearchHotkey` setting. Electron's
// `globalShortcut` is injected (the boundary), so registration and its problems are tested in Node.
import type { SettingsState } from '#shared/contract/api.ts';
import { parseAccelerator } from './accelerator.ts';

/** The part of Electron's `globalShortcut` this module needs. */
export interface GlobalShortcutPort {
  /** False when the shortcut is taken by another application or reserved by the system. */
  register(accelerator: string, callback: () => void): boolean;
  /** Releases a shortcut this app registered. */
  unregister(accelerator: string): void;
}

/** The registered shortcut, and why the wanted one is not registered (for settings problems). */
export interface HotkeyBinding {
  /** Registers `accelerator` in place of the current one; returns the problem, or null. */
  apply(accelerator: string): string | null;
  /** Why the last applied shortcut is not active, or null when it is. */
  problem(): string | null;
  /** The canonical accelerator currently registered, or null. */
  active(): string | null;
  /** Unregisters the shortcut (on quit). */
  dispose(): void;
}

/** Binds `onPress` to whatever shortcut `apply` is given; failures become problems, not throws. */
export function createHotkeyBinding(port: GlobalShortcutPort, onPress: () => void): HotkeyBinding {
  let active: string | null = null;
  let problem: string | null = null;

  function release(): void {
    if (active !== null) port.unregister(active);
    active = null;
  }

  // Re-applying the same shortcut is a no-op when it is active, and a retry when it was taken.
  function apply(accelerator: string): string | null {
    const parsed = parseAccelerator(accelerator);
    if (!parsed.ok) {
      release();
      problem = `could not be registered: ${parsed.message}`;
      return problem;
    }
    if (parsed.value.normalized === active) {
      problem = null;
      return null;
    }
    release();
    let registered: boolean;
    try {
      registered = port.register(parsed.value.normalized, onPress);
    } catch (error) {
      problem = `could not be registered: ${(error as Error).message}`;
      return problem;
    }
    problem = registered
      ? null
      : `could not be registered: "${parsed.value.normalized}" is taken by another application or reserved by the system`;
    active = registered ? parsed.value.normalized : null;
    return problem;
  }

  return {
    apply,
    problem: () => problem,
    active: () => active,
    dispose: release,
  };
}

/**
 * Applies the settings' shortcut to the binding (registering it live when it changed) and reports
 * why it is not active among the settings problems, beside the engine's own.
 */
export function adoptHotkeySetting(
  binding: HotkeyBinding,
): (state: SettingsState) => SettingsState {
  return (state) => {
    const problem = binding.apply(state.settings.quickSearchHotkey);
    if (problem === null) return state;
    return { ...state, problems: { ...state.problems, quickSearchHotkey: problem } };
  };
}
