// The preload (sandboxed, bundled to one CommonJS file): the only code that touches `ipcRenderer`.
// It exposes `window.folio` and nothing else; the page never sees `ipcRenderer` or an event object.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createFolioApi } from './folio-api.ts';

const api = createFolioApi({
  invoke: (channel, argument) => ipcRenderer.invoke(channel, argument),
  subscribe(channel, listener) {
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, forward);
    return () => {
      ipcRenderer.removeListener(channel, forward);
    };
  },
});

contextBridge.exposeInMainWorld('folio', api);
