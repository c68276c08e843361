import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { offlinePlugin } from './src/offline/vitePlugin.js';
import { sandboxPlugin } from './src/embed/sandbox/vitePlugin.js';
import { firstViewPlugin } from './src/firstView/vitePlugin.js';
import { lessonDocumentPlugin } from './src/lessons/vitePlugin.js';

// monaco-editor 0.56+ has an exports map ("./*" -> "./esm/vs/*.js"), so the old deep
// paths used by monaco-yaml's dependencies (monaco-editor/esm/vs/...) would resolve to
// esm/vs/esm/vs/... Map them straight onto the files (TOOLCHAIN.md gotcha 1).
const monacoEsm = fileURLToPath(new URL('./node_modules/monaco-editor/esm/vs/', import.meta.url));
const alias = [{ find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: `${monacoEsm}$1` }];

/**
 * index.html carries the site's Content-Security-Policy as a <meta>. The dev server's own inline
 * scripts (React refresh) would break it, so the dev server drops it; the build keeps it.
 */
function cspOnlyInBuild(): Plugin {
  return {
    name: 'daemonset-playground:csp-only-in-build',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/, ''),
  };
}

/**
 * Stylesheets without `crossorigin`: a sandboxed frame (origin "null") on a server that sends no CORS
 * headers may load a plain stylesheet, but not one fetched in CORS mode.
 */
function plainStylesheets(): Plugin {
  return {
    name: 'daemonset-playground:plain-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<link rel="stylesheet" crossorigin /g, '<link rel="stylesheet" '),
    },
  };
}

// `vite build` is the site (dist/). `vite build --mode harness` builds the dev-only editor harness
// (src/ui/editor/harness.html, for e2e/editor.spec.ts) into dist-harness/ instead: it never ships.
export default defineConfig(({ mode }) => ({
  // Relative asset URLs, so dist/ works from any sub-path (e.g. GitHub Pages).
  base: './',
  plugins:
    mode === 'harness'
      ? [react()]
      : // sandboxPlugin: the classic bundle for sandboxed frames (dist/classic/) and boot.js (src/embed/sandbox)
        [
          react(),
          // the built-in lessons' YAML parsed at build time (src/lessons/vitePlugin.ts, issue 24)
          lessonDocumentPlugin(),
          sandboxPlugin({ plugins: () => [react(), lessonDocumentPlugin()], alias }),
          offlinePlugin(),
          // the first view as static HTML in index.html (src/firstView, issue 24)
          firstViewPlugin(),
          cspOnlyInBuild(),
          plainStylesheets(),
        ],
  resolve: { alias },
  build:
    mode === 'harness'
      ? {
          outDir: 'dist-harness',
          rolldownOptions: {
            input: {
              'editor-harness': fileURLToPath(new URL('./src/ui/editor/harness.html', import.meta.url)),
            },
          },
        }
      : undefined,
  // Every `new Worker(...)` must then pass `{ type: 'module' }`.
  worker: { format: 'es' },
  // The dev-server dependency scanner does not look inside worker entries (TOOLCHAIN.md gotcha 9).
  optimizeDeps: { include: ['yaml', 'monaco-yaml/yaml.worker.js'] },
  test: {
    environment: 'node',
    // Keep Playwright's e2e/*.spec.ts out of Vitest (TOOLCHAIN.md gotcha 6).
    include: ['src/**/*.test.ts', 'tools/**/*.test.ts'],
    // fast-check properties take their seed from FC_SEED when it is set (replay a red run; README "Tests")
    setupFiles: ['src/testing/fastCheckSeed.ts'],
    // A time limit only to end a test that hangs: the tests are deterministic work whose speed is the
    // machine's (a loaded 2-core runner is several times slower), so none may fail for taking 5 s.
    // Tests wait for what they expect (src/testing/until.ts), never for a number of milliseconds.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
}));
