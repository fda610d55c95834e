import { describe, expect, it } from 'vitest';
import { API_EVENTS, API_METHODS, channelOf } from '#shared/contract/api.ts';
import { createFolioApi, type IpcPort } from '../../src-preload/folio-api.ts';

/** `ipcRenderer`, faked at the Electron boundary: records invokes, delivers events. */
class FakeIpcRenderer implements IpcPort {
  readonly invoked: Array<[string, unknown]> = [];
  readonly listeners = new Map<string, Set<(payload: unknown) => void>>();
  answer: (channel: string, argument: unknown) => Promise<unknown> = async () => ({
    ok: true,
    value: 'answer',
  });

  invoke(channel: string, argument: unknown): Promise<unknown> {
    this.invoked.push([channel, argument]);
    return this.answer(channel, argument);
  }

  subscribe(channel: string, listener: (payload: unknown) => void): () => void {
    const set = this.listeners.get(channel) ?? new Set();
    set.add(listener);
    this.listeners.set(channel, set);
    return () => set.delete(listener);
  }

  emit(channel: string, payload: unknown): void {
    for (const listener of this.listeners.get(channel) ?? []) listener(payload);
  }
}

describe('window.folio', () => {
  it('has exactly the contract’s methods and events, all functions', () => {
    const api = createFolioApi(new FakeIpcRenderer());
    expect(Object.keys(api).sort()).toEqual([...API_METHODS, ...API_EVENTS].sort());
    expect(Object.values(api).every((value) => typeof value === 'function')).toBe(true);
  });

  it('sends each method on its own channel with its one argument', async () => {
    const port = new FakeIpcRenderer();
    const api = createFolioApi(port);
    await api.search({ queries: ['rust'] });
    await api.environment();
    await api.openExternal({ url: 'https://example.com' });
    expect(port.invoked).toEqual([
      ['folio:call:search', { queries: ['rust'] }],
      ['folio:call:environment', undefined],
      ['folio:call:openExternal', { url: 'https://example.com' }],
    ]);
  });

  it('passes the main process’s answer through unchanged', async () => {
    const port = new FakeIpcRenderer();
    port.answer = async () => ({ ok: false, error: { code: 'not-found', message: 'gone' } });
    expect(await createFolioApi(port).outline({ docId: 'v:a.md' })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'gone' },
    });
  });

  it('turns a rejected invoke into an unavailable error instead of rejecting', async () => {
    const port = new FakeIpcRenderer();
    port.answer = async () => {
      throw new Error("No handler registered for 'folio:call:listVaults'");
    };
    expect(await createFolioApi(port).listVaults()).toEqual({
      ok: false,
      error: {
        code: 'unavailable',
        message:
          "listVaults: the main process did not answer (No handler registered for 'folio:call:listVaults')",
      },
    });
  });

  it('delivers events to subscribers until they unsubscribe', () => {
    const port = new FakeIpcRenderer();
    const api = createFolioApi(port);
    const seen: unknown[] = [];
    const unsubscribe = api.onIndexProgress((progress) => seen.push(progress));
    const shown: number[] = [];
    api.onQuickSearchShown(() => shown.push(1));
    const progress = {
      vault: 'v',
      phase: 'indexing',
      done: 1,
      total: 2,
      currentPath: 'a.md',
      errors: 0,
    };
    port.emit(channelOf('onIndexProgress'), progress);
    port.emit(channelOf('onQuickSearchShown'), undefined);
    unsubscribe();
    port.emit(channelOf('onIndexProgress'), progress);
    expect(seen).toEqual([progress]);
    expect(shown).toEqual([1]);
    expect(port.listeners.get(channelOf('onIndexProgress'))?.size).toBe(0);
  });

  it('refuses a listener that is not a function, naming the event', () => {
    const api = createFolioApi(new FakeIpcRenderer());
    expect(() => api.onShowNode('nope' as never)).toThrow(
      'onShowNode: listener must be a function',
    );
  });
});
