// Loads Monaco once, lazily. Monaco reads its UI strings (menus, find widget, hovers' "Quick Fix"…)
// from a global table when its modules are first evaluated, so the Chinese table must be in place
// before monacoSetup (and with it Monaco) is imported. The language is fixed at that moment: switching
// the page language later changes our own strings but not Monaco's until the page is reloaded.

import { loadAgain } from '../layout/chunkRetry';

type MonacoSetup = typeof import('./monacoSetup');

let loading: Promise<MonacoSetup> | undefined;
/** loads that failed so far: the next one asks for a failed chunk under a new address (chunkRetry.ts) */
let failures = 0;

/** Monaco's message table for a page language, if it has one. */
export function monacoLocale(language: string | undefined): 'zh-cn' | undefined {
  return language?.toLowerCase().startsWith('zh') ? 'zh-cn' : undefined;
}

export function loadMonaco(language: string | undefined): Promise<MonacoSetup> {
  // After a failed load the browser keeps the failed module for good (an import of the same address
  // fails at once): a later mount (the editor panel's Retry) asks for it under a new address.
  const attempt = failures;
  const load = <M>(plain: () => Promise<M>) => (attempt === 0 ? plain() : loadAgain(plain, attempt));
  loading ??= (async () => {
    if (monacoLocale(language) === 'zh-cn') await load(() => import('monaco-editor/nls/lang/zh-cn'));
    return load(() => import('./monacoSetup'));
  })().catch((e: unknown) => {
    loading = undefined; // let a later mount try again (e.g. after a failed chunk download)
    failures++;
    throw e;
  });
  return loading;
}
