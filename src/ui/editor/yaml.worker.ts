// The monaco-yaml language worker (yaml-language-server). Loaded through Vite's `?worker` from
// monacoSetup.ts; a wrapper file, because the bare specifier only bundles in a build, not in dev.
import 'monaco-yaml/yaml.worker.js';
