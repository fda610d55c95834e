import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('folio', {});
