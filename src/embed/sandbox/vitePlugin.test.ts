import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bootHtml, bootScript, engineWorkerFile, graphChunk, posterData, startChunks } from './vitePlugin';

describe('the page starts with boot.js', () => {
  it('takes Vite’s module script and modulepreload links into boot.js’s data attributes', () => {
    const html = `<head>
    <title>x</title>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/a.js">
    <link rel="modulepreload" crossorigin href="./assets/b.js">
    <link rel="stylesheet" href="./assets/index.css">
  </head>`;
    const out = bootHtml(html);
    expect(out).not.toContain('type="module"');
    expect(out).not.toContain('modulepreload');
    // the stylesheet too: a `ctl=1` poster loads nothing of the page's until asked
    expect(out).not.toContain('stylesheet');
    expect(out).toContain(
      '<script src="./boot.js" data-entry="./assets/index-abc.js" data-preload="./assets/a.js ./assets/b.js" data-css="./assets/index.css" data-classic="./classic/app.js" data-classic-css="./classic/app.css"></script>',
    );
  });
  it('gives boot.js the engine worker’s script, to start it before the modules have come', () => {
    const html = `<head><script type="module" crossorigin src="./assets/index-abc.js"></script></head>`;
    expect(bootHtml(html, [], 'assets/engine.worker-x1.js')).toContain(
      '<script src="./boot.js" data-entry="./assets/index-abc.js" data-preload="" data-worker="./assets/engine.worker-x1.js" data-classic=',
    );
    expect(bootHtml(html)).not.toContain('data-worker');
  });
  it('finds the engine worker among the build’s files: exactly one, else none', () => {
    const files = [
      'assets/index-abc.js',
      'assets/engine-B2.js',
      'assets/yaml.worker-C3.js',
      'assets/commands-p1.js',
    ];
    expect(engineWorkerFile([...files, 'assets/engine.worker-DV4bgfY9.js'])).toBe(
      'assets/engine.worker-DV4bgfY9.js',
    );
    expect(engineWorkerFile(files)).toBeUndefined();
    expect(
      engineWorkerFile([...files, 'assets/engine.worker-a.js', 'assets/engine.worker-b.js']),
    ).toBeUndefined();
  });
  it('leaves a page without a module script alone', () => {
    expect(bootHtml('<head></head>')).toBe('<head></head>');
  });
  it('preloads App’s chunk and what it imports with the entry’s, each once, the entry itself not', () => {
    const html = `<head>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/a.js">
  </head>`;
    const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) => ({
      type: 'chunk',
      fileName,
      imports,
      facadeModuleId,
      viteMetadata: { importedCss: new Set<string>() },
    });
    const bundle = {
      'assets/App-x.js': chunk(
        'assets/App-x.js',
        ['assets/a.js', 'assets/c.js', 'assets/index-abc.js'],
        '/r/src/App.tsx',
      ),
      'assets/c.js': chunk('assets/c.js', ['assets/d.js', 'assets/a.js']),
      'assets/d.js': chunk('assets/d.js', []),
      'assets/a.js': chunk('assets/a.js', []),
      'assets/index-abc.js': chunk('assets/index-abc.js', ['assets/a.js'], '/r/src/main.tsx'),
      'assets/Graph-y.js': chunk('assets/Graph-y.js', ['assets/e.js'], '/r/src/ui/graph/GraphPanel.tsx'),
    };
    const more = startChunks(bundle, 'src/App.tsx');
    expect(more).toEqual([
      './assets/App-x.js',
      './assets/a.js',
      './assets/c.js',
      './assets/d.js',
      './assets/index-abc.js',
    ]);
    expect(bootHtml(html, more)).toContain(
      'data-entry="./assets/index-abc.js" data-preload="./assets/a.js ./assets/App-x.js ./assets/c.js ./assets/d.js"',
    );
    // its stylesheet would come when the import runs, a second download and a restyle of the page
    bundle['assets/App-x.js'].viteMetadata.importedCss.add('assets/App-x.css');
    expect(() => startChunks(bundle, 'src/App.tsx')).toThrow(/stylesheet of its own.*src\/appStyles\.ts/);
    expect(() => startChunks(bundle, 'src/Nothing.tsx')).toThrow(/no chunk for src\/Nothing\.tsx/);
  });
  it('gives boot.js the graph’s chunk with its stylesheets, less what the entry and its preloads hold', () => {
    const html = `<head>
    <script type="module" crossorigin src="./assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/a.js">
    <link rel="stylesheet" crossorigin href="./assets/index.css">
  </head>`;
    const chunk = (
      fileName: string,
      imports: string[],
      facadeModuleId: string | null = null,
      css: string[] = [],
    ) => ({
      type: 'chunk',
      fileName,
      imports,
      facadeModuleId,
      viteMetadata: { importedCss: new Set<string>(css) },
    });
    const bundle = {
      'assets/index-abc.js': chunk('assets/index-abc.js', ['assets/a.js'], '/r/src/main.tsx', [
        'assets/index.css',
      ]),
      'assets/a.js': chunk('assets/a.js', []),
      'assets/Graph-y.js': chunk(
        'assets/Graph-y.js',
        ['assets/e.js', 'assets/a.js', 'assets/index-abc.js'],
        '/r/src/ui/graph/GraphPanel.tsx',
        ['assets/Graph-y.css'],
      ),
      'assets/e.js': chunk('assets/e.js', ['assets/a.js']),
    };
    const graph = graphChunk(bundle);
    expect(graph).toEqual([
      './assets/Graph-y.css',
      './assets/index.css',
      './assets/Graph-y.js',
      './assets/e.js',
      './assets/a.js',
      './assets/index-abc.js',
    ]);
    expect(bootHtml(html, [], undefined, graph)).toContain(
      'data-css="./assets/index.css" data-graph="./assets/Graph-y.css ./assets/Graph-y.js ./assets/e.js" data-classic=',
    );
    expect(bootHtml(html)).not.toContain('data-graph');
    expect(() => graphChunk(bundle, 'src/Nothing.tsx')).toThrow(/no chunk for src\/Nothing\.tsx/);
  });
});

describe('the ctl=1 poster’s data in boot.js', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const data = posterData(root);
  it('has every poster string in both languages, and the built-in lessons’ titles', () => {
    for (const lang of ['en', 'zh-CN'])
      expect(Object.keys(data.strings[lang]).sort()).toEqual([
        'lesson',
        'load',
        'loading',
        'note',
        'title',
        'what',
      ]);
    expect(data.strings['zh-CN'].load).toBe('加载演练场');
    expect(data.lessons.taints).toEqual({
      en: 'Taints: NoSchedule, NoExecute, cordon and drain',
      'zh-CN': '污点：NoSchedule、NoExecute、封锁与腾空',
    });
  });
  it('replaces the placeholder, and no text can close the script', () => {
    const src = readFileSync(new URL('./boot.js', import.meta.url), 'utf8');
    const out = bootScript(src, {
      strings: { en: { title: '</script><b>x' } },
      lessons: {},
    });
    expect(out).not.toContain('/*POSTER*/');
    expect(out).not.toContain('</script>');
    expect(out).toContain(
      'var POSTER = {"strings":{"en":{"title":"\\u003c/script>\\u003cb>x"}},"lessons":{}}',
    );
    expect(() => bootScript('no mark', data)).toThrow(/placeholder/);
  });
});
