// Electron end-to-end specs: see test/electron/playwright-config.ts.
export { default } from './test/electron/playwright-config.ts';
