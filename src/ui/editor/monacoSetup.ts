// Monaco, set up once for the YAML editor and the diff view. Heavy (the whole editor): import it only
// through loadMonaco() (a dynamic import), so the rest of the page paints first and this lands in a
// lazy chunk. Nothing here is fetched at run time: the workers and the schema are bundled.

import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
// YAML registered here with its tokenizer, not through Monaco's `yaml/register` (which loads the
// tokenizer with a dynamic import: a chunk of its own that imports Monaco back from this chunk by this
// chunk's address). After a lost download this chunk is loaded again under another address (loadMonaco,
// chunkRetry.ts); that chunk's import would then ask for the failed one, and the editor lose its colours.
import * as yamlTokens from 'monaco-editor/languages/definitions/yaml/yaml';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { configureMonacoYaml, type JSONSchema } from 'monaco-yaml';
import schema from './schema/kubernetes.schema.json';
import YamlWorker from './yaml.worker?worker';

export { monaco };

/** Models of the manifest editor live under this folder; only they are validated against the schema. */
const MANIFEST_GLOB = '**/playground/manifest*.yaml';
let manifestCount = 0;

/** A fresh model URI that the Kubernetes schema applies to. */
export function manifestUri(): monaco.Uri {
  manifestCount++;
  return monaco.Uri.parse(
    `file:///playground/manifest${manifestCount === 1 ? '' : `-${manifestCount}`}.yaml`,
  );
}

let diffCount = 0;
/** Model URIs for the diff view (no schema: a ControllerRevision's data is not a Pod). */
export function diffUris(): { original: monaco.Uri; modified: monaco.Uri } {
  diffCount++;
  return {
    original: monaco.Uri.parse(`file:///playground/diff/${diffCount}/original.yaml`),
    modified: monaco.Uri.parse(`file:///playground/diff/${diffCount}/modified.yaml`),
  };
}

globalThis.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) => (label === 'yaml' ? new YamlWorker() : new EditorWorker()),
};

// monaco-yaml 5.5.1 (through monaco-worker-manager) still calls the pre-0.55 form
// createWebWorker({ moduleId, label, createData }); Monaco 0.55+ wants { worker }. Do what Monaco's own
// language features do (monaco-editor/esm/vs/internal/common/workers.js): start the worker, send it
// the 'ignore' handshake and the createData, and hand the Worker to the new API (TOOLCHAIN.md gotcha 2).
type LegacyWorkerOptions = {
  worker?: Worker | Promise<Worker>;
  label?: string;
  moduleId?: string;
  createData?: unknown;
  host?: Record<string, (...args: unknown[]) => unknown>;
  keepIdleModels?: boolean;
};

function createWebWorker<T extends object>(opts: LegacyWorkerOptions): monaco.editor.MonacoWebWorker<T> {
  if (opts.worker) return monaco.editor.createWebWorker<T>(opts as monaco.editor.IInternalWebWorkerOptions);
  const worker = Promise.resolve(
    globalThis.MonacoEnvironment!.getWorker!('workerMain.js', opts.label ?? 'editorWorkerService'),
  ).then((w) => {
    w.postMessage('ignore');
    w.postMessage(opts.createData);
    return w;
  });
  return monaco.editor.createWebWorker<T>({ worker, host: opts.host, keepIdleModels: opts.keepIdleModels });
}

const monacoForYaml = { ...monaco, editor: { ...monaco.editor, createWebWorker } };

configureMonacoYaml(monacoForYaml as unknown as Parameters<typeof configureMonacoYaml>[0], {
  enableSchemaRequest: false,
  hoverSchemaSource: false,
  // kubectl (go-yaml) reads YAML 1.1, as the engine does: `yes` is a boolean, `0755` octal.
  yamlVersion: '1.1',
  format: { enable: false },
  schemas: [
    {
      uri: 'file:///schemas/kubernetes.schema.json',
      fileMatch: [MANIFEST_GLOB],
      schema: schema as unknown as JSONSchema,
    },
  ],
});

// What monaco-editor/languages/definitions/yaml/register.js registers, with the tokenizer set at once.
monaco.languages.register({
  id: 'yaml',
  extensions: ['.yaml', '.yml'],
  aliases: ['YAML', 'yaml', 'YML', 'yml'],
  mimetypes: ['application/x-yaml', 'text/x-yaml'],
});
monaco.languages.setLanguageConfiguration('yaml', yamlTokens.conf);
monaco.languages.setMonarchTokensProvider('yaml', yamlTokens.language);

/** Monaco's built-in themes for the page's light and dark themes. */
export function themeName(theme: 'light' | 'dark'): string {
  return theme === 'dark' ? 'vs-dark' : 'vs';
}
