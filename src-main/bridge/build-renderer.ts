// Builds the renderer for the browser with Vite (the same entries and Svelte settings as
// electron-vite's renderer build), into its own folder so the two builds never race.
import { resolve } from 'node:path';
import { REPO_ROOT, WEB_BUILD_DIR } from './paths.ts';

/**
 * Module resolution shared with electron-vite's renderer build. The preview renders in a worker,
 * where `document` does not exist: the entity decoder's DOM build (picked by the `browser`
 * condition) is replaced by its plain one. `repoRoot` is passed in: electron-vite bundles its
 * config elsewhere, where this module's own location is not the repository's.
 */
export function rendererResolve(repoRoot: string) {
  return {
    alias: [
      {
        find: /^decode-named-character-reference$/,
        replacement: resolve(repoRoot, 'node_modules/decode-named-character-reference/index.js'),
      },
    ],
  };
}

/** Builds `src-renderer` (index.html and quick.html) into `outDir`; resolves when done. */
export async function buildRenderer(outDir: string = WEB_BUILD_DIR): Promise<void> {
  // Loaded on demand: `--no-build` runs never pay for the bundler.
  const { build } = await import('vite');
  const { svelte } = await import('@sveltejs/vite-plugin-svelte');
  const root = resolve(REPO_ROOT, 'src-renderer');
  await build({
    configFile: false,
    root,
    base: './',
    logLevel: 'warn',
    resolve: rendererResolve(REPO_ROOT),
    plugins: [svelte({ configFile: resolve(REPO_ROOT, 'svelte.config.js') })],
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: {
        input: { index: resolve(root, 'index.html'), quick: resolve(root, 'quick.html') },
      },
    },
  });
}
