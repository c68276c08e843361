// Loads Monaco once, lazily. Monaco reads its UI strings (menus, find widget, hovers' "Quick Fix"…)
// from a global table when its modules are first evaluated, so the Chinese table must be in place
// before monacoSetup (and with it Monaco) is imported. The language is fixed at that moment: switching
// the page language later changes our own strings but not Monaco's until the page is reloaded.

type MonacoSetup = typeof import('./monacoSetup');

let loading: Promise<MonacoSetup> | undefined;

/** Monaco's message table for a page language, if it has one. */
export function monacoLocale(language: string | undefined): 'zh-cn' | undefined {
  return language?.toLowerCase().startsWith('zh') ? 'zh-cn' : undefined;
}

export function loadMonaco(language: string | undefined): Promise<MonacoSetup> {
  loading ??= (async () => {
    if (monacoLocale(language) === 'zh-cn') await import('monaco-editor/nls/lang/zh-cn');
    return import('./monacoSetup');
  })().catch((e: unknown) => {
    loading = undefined; // let a later mount try again (e.g. after a failed chunk download)
    throw e;
  });
  return loading;
}
