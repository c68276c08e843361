// Monaco ships its YAML tokenizer without a declaration (register.d.ts only): the two exports
// monacoSetup.ts reads, typed as Monaco's own API takes them.
declare module 'monaco-editor/languages/definitions/yaml/yaml' {
  import type { languages } from 'monaco-editor/editor';
  export const conf: languages.LanguageConfiguration;
  export const language: languages.IMonarchLanguage;
}
