// Vite plugin: the sandbox-proof start of the page. A document in <iframe sandbox="allow-scripts"> has
// the origin "null"; module scripts (and modulepreload, and stylesheets marked crossorigin) are then
// fetched with CORS, which a plain static host does not answer. So the build also makes a classic
// bundle (one IIFE, classic/app.js + classic/app.css, Monaco replaced by a plain text box, the engine
// worker as a classic script), and index.html starts with boot.js, which loads the module build or,
// in an opaque origin, the classic one. Build only.

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
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

/**
 * Replaces Vite's module script, modulepreload links and the page's stylesheet with boot.js carrying
 * their addresses: boot.js adds them, at once or (`ctl=1`) when the learner asks for the playground.
 * `worker`: the engine worker's script (dist-relative), which boot.js starts before the page's modules
 * have come (src/worker/bootWorker.ts takes it over). `graph`: the graph's chunk and what it needs
 * (graphChunk), of which boot.js asks for what the entry's preloads do not hold once the entry's bytes
 * are in (`data-graph`).
 */
export function bootHtml(
  html: string,
  alsoPreload: readonly string[] = [],
  worker?: string,
  graph: readonly string[] = [],
): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) return html;
  const preloads: string[] = [];
  let out = html.replace(entry[0], '');
  out = out.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_m, href: string) => {
    preloads.push(href);
    return '';
  });
  for (const href of alsoPreload) if (!preloads.includes(href) && href !== entry[1]) preloads.push(href);
  const sheets = [...out.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">\s*/g)];
  let css = '';
  if (sheets.length === 1) {
    css = ` data-css="${sheets[0][1]}"`;
    out = out.replace(sheets[0][0], '');
  }
  const w = worker ? ` data-worker="./${worker}"` : '';
  const later = graph.filter((f) => f !== entry[1] && !preloads.includes(f) && f !== sheets[0]?.[1]);
  const g = later.length ? ` data-graph="${later.join(' ')}"` : '';
  const tag = `<script src="./boot.js" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}"${css}${w}${g} data-classic="./${CLASSIC_DIR}/app.js" data-classic-css="./${CLASSIC_DIR}/app.css"></script>\n  `;
  return out.replace('</head>', `  ${tag}</head>`);
}

/** The engine worker's script among the build's files: exactly one, else none (boot.js then leaves it to the page). */
export function engineWorkerFile(files: string[]): string | undefined {
  const found = files.filter((f) => /(^|\/)engine\.worker-[\w-]+\.js$/.test(f));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The files of a chunk the entry imports dynamically at its start (App: its own chunk, so that its
 * modules are evaluated in a task of their own, issue 24), with the chunks it imports: boot.js preloads
 * them with the entry's, so the dynamic import waits for no download. Addresses as Vite writes them
 * into index.html (`./assets/…`).
 */
export function startChunks(
  bundle: Record<
    string,
    {
      type: string;
      fileName: string;
      facadeModuleId?: string | null;
      imports?: string[];
      viteMetadata?: { importedCss: Set<string> };
    }
  >,
  source: string,
): string[] {
  const start = Object.values(bundle).find(
    (c) => c.type === 'chunk' && (c.facadeModuleId ?? '').replace(/\\/g, '/').endsWith(`/${source}`),
  );
  if (!start) throw new Error(`no chunk for ${source} in the bundle`);
  const css = [...(start.viteMetadata?.importedCss ?? [])];
  if (css.length) {
    const why = `${source}'s chunk has a stylesheet of its own (${css.join(', ')}): import its CSS in src/appStyles.ts`;
    // said here too: a later plugin's error (a file this build did not write) can take the thrown one's place
    console.error(`error: ${why}`);
    throw new Error(why);
  }
  const out: string[] = [];
  const visit = (fileName: string) => {
    if (out.includes(`./${fileName}`)) return;
    out.push(`./${fileName}`);
    for (const dep of bundle[fileName]?.imports ?? []) visit(dep);
  };
  visit(start.fileName);
  return out;
}

/**
 * The files of a chunk the page imports later (the graph's, issue 24: the first graph card waits for
 * it, and the page asked for it only once the entry had been evaluated — on a phone the line stood idle
 * meanwhile): the chunk, the chunks it imports and their stylesheets, as Vite writes addresses into
 * index.html. boot.js asks for them once the entry's own bytes are in, so they follow the first bundle
 * on the line instead of sharing it with the entry.
 */
export function graphChunk(
  bundle: Parameters<typeof startChunks>[0],
  source = 'src/ui/graph/GraphPanel.tsx',
): string[] {
  const start = Object.values(bundle).find(
    (c) => c.type === 'chunk' && (c.facadeModuleId ?? '').replace(/\\/g, '/').endsWith(`/${source}`),
  );
  if (!start) throw new Error(`no chunk for ${source} in the bundle`);
  const js: string[] = [];
  const css: string[] = [];
  const visit = (fileName: string) => {
    if (js.includes(`./${fileName}`)) return;
    js.push(`./${fileName}`);
    const c = bundle[fileName];
    for (const f of c?.viteMetadata?.importedCss ?? []) if (!css.includes(`./${f}`)) css.push(`./${f}`);
    for (const dep of c?.imports ?? []) visit(dep);
  };
  visit(start.fileName);
  return [...css, ...js];
}

/**
 * What the `ctl=1` poster says, put into boot.js: the locales' `poster` strings (with the page's
 * title) and the built-in lessons' titles, per language.
 */
export function posterData(root: string): {
  strings: Record<string, Record<string, string>>;
  lessons: Record<string, Record<string, string>>;
} {
  const strings: Record<string, Record<string, string>> = {};
  for (const lang of ['en', 'zh-CN']) {
    const common = JSON.parse(readFileSync(join(root, 'src/i18n/locales', lang, 'common.json'), 'utf8')) as {
      appTitle: string;
      poster: Record<string, string>;
    };
    strings[lang] = { title: common.appTitle, ...common.poster };
  }
  const lessons: Record<string, Record<string, string>> = {};
  const dir = join(root, 'src/lessons');
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    const doc = parse(readFileSync(join(dir, f), 'utf8')) as {
      metadata?: { name?: string };
      spec?: { title?: string | Record<string, string> };
    };
    const title = doc.spec?.title;
    const id = doc.metadata?.name ?? f.replace(/\.yaml$/, '');
    if (typeof title === 'string') lessons[id] = { en: title };
    else if (title && typeof title === 'object') lessons[id] = { ...title };
  }
  return { strings, lessons };
}

/** boot.js with the poster's data in place of its placeholder. */
export function bootScript(source: string, data: ReturnType<typeof posterData>): string {
  const mark = /\/\*POSTER\*\/ \{[^\n]*\}/;
  if (!mark.test(source)) throw new Error('boot.js has no /*POSTER*/ placeholder');
  // `<` escaped: the text of a script never closes a tag, whatever a title says
  return source.replace(mark, () => JSON.stringify(data).replace(/</g, '\\u003c'));
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
        source: bootScript(readFileSync(join(here, 'boot.js'), 'utf8'), posterData(root)),
      });
    },
    transformIndexHtml: {
      order: 'post',
      // the module engine worker's first chunk (the page makes it with `new URL('./engine.worker.ts',
      // import.meta.url)`; the classic bundle's is built apart, under classic/)
      handler: (html, ctx) =>
        bootHtml(
          html,
          ctx.bundle ? startChunks(ctx.bundle, 'src/App.tsx') : [],
          engineWorkerFile(Object.keys(ctx.bundle ?? {})),
          ctx.bundle ? graphChunk(ctx.bundle) : [],
        ),
    },
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
