// Vite plugin: the sandbox-proof start of the page. A document in <iframe sandbox="allow-scripts"> has
// the origin "null"; module scripts (and modulepreload, and stylesheets marked crossorigin) are then
// fetched with CORS, which a plain static host does not answer. So the build also makes a classic
// bundle (one IIFE, classic/app.js + classic/app.css, Monaco replaced by a plain text box, the engine
// worker as a classic script), and index.html starts with boot.js, which loads the module build or,
// in an opaque origin, the classic one. Build only.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type PluginOption, type AliasOptions } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
export const CLASSIC_DIR = 'classic';

/** In the classic bundle, the Monaco editor and diff view become plain ones. */
function plainEditors(): Plugin {
  return {
    name: 'daemonset-playground:plain-editors',
    enforce: 'pre',
    resolveId(source) {
      if (/(^|\/)editor\/YamlEditor$|^\.\/YamlEditor$/.test(source)) return join(here, 'PlainYamlEditor.tsx');
      if (/(^|\/)editor\/DiffView$|^\.\/DiffView$/.test(source)) return join(here, 'PlainDiffView.tsx');
      return null;
    },
  };
}

/** Replaces Vite's module script and modulepreload links with boot.js carrying their addresses. */
export function bootHtml(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) return html;
  const preloads: string[] = [];
  let out = html.replace(entry[0], '');
  out = out.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_m, href: string) => {
    preloads.push(href);
    return '';
  });
  const tag = `<script src="./boot.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}" data-classic="./${CLASSIC_DIR}/app.js" data-classic-css="./${CLASSIC_DIR}/app.css"></script>\n  `;
  return out.replace('</head>', `  ${tag}</head>`);
}

export function sandboxPlugin(opts: { plugins: () => PluginOption[]; alias: AliasOptions }): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'daemonset-playground:sandbox',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'boot.js',
        source: readFileSync(join(here, 'boot.js'), 'utf8'),
      });
    },
    transformIndexHtml: { order: 'post', handler: (html) => bootHtml(html) },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        base: './',
        mode: 'production',
        logLevel: 'warn',
        plugins: [plainEditors(), ...opts.plugins()],
        resolve: { alias: opts.alias },
        define: { 'import.meta.env.VITE_CLASSIC': JSON.stringify('1') },
        // a classic engine worker at a known address (classic/engine.worker.js), for importScripts
        worker: { format: 'iife', rolldownOptions: { output: { entryFileNames: '[name].js' } } },
        publicDir: false,
        build: {
          outDir: join(outDir, CLASSIC_DIR),
          emptyOutDir: true,
          cssCodeSplit: false,
          rolldownOptions: {
            input: join(root, 'src/main.tsx'),
            output: { format: 'iife', entryFileNames: 'app.js', assetFileNames: 'app[extname]' },
          },
        },
      });
    },
  };
}
