// i18next setup. Every UI string lives in locales/<lang>/<namespace>.json; each part of the page
// owns its namespace file. Language: ?lang=, then the saved preference, then the browser.

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { cacheTranslations } from './cachedT';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language's name in itself (the header's language menu; src/ui/fontWarmup.ts lays them out early). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };
const STORAGE_KEY = 'daemonset-playground:lang';

type Json = { default: Record<string, unknown> };
// English is in the first bundle (the fallback for every key); another language's files load when it
// is the page's language (issue 24: only the current language's strings on the first load).
const english = import.meta.glob<Json>('./locales/en/*.json', { eager: true });
const others = import.meta.glob<Json>(['./locales/*/*.json', '!./locales/en/*.json']);

function namespaces(files: Record<string, Json>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, mod] of Object.entries(files)) {
    const m = /\.\/locales\/[^/]+\/([^/]+)\.json$/.exec(path);
    if (m) out[m[1]] = mod.default;
  }
  return out;
}

/** A language's strings into i18next, loaded if they are not in the first bundle. */
async function loadLanguage(l: Language): Promise<void> {
  if (l === 'en' || i18n.hasResourceBundle(l, 'common')) return;
  const entries = Object.entries(others).filter(([path]) => path.startsWith(`./locales/${l}/`));
  const mods = await Promise.all(entries.map(async ([path, load]) => [path, await load()] as const));
  for (const [ns, res] of Object.entries(namespaces(Object.fromEntries(mods))))
    i18n.addResourceBundle(l, ns, res, true, true);
}

export function normalizeLanguage(s: string | null | undefined): Language | undefined {
  if (!s) return undefined;
  const l = s.toLowerCase();
  if (l.startsWith('zh')) return 'zh-CN';
  if (l.startsWith('en')) return 'en';
  return undefined;
}

export function detectLanguage(search: string, saved: string | null, browser: readonly string[]): Language {
  return (
    normalizeLanguage(new URLSearchParams(search).get('lang')) ??
    normalizeLanguage(saved) ??
    browser.map(normalizeLanguage).find((l) => l !== undefined) ??
    'en'
  );
}

function savedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveLanguage(l: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, l);
  } catch {
    // storage may be unavailable (sandboxed iframe); the choice then lasts for this visit
  }
}

export const i18n = i18next.createInstance();
// the `t`s components get answer a string asked for again from a cache (cachedT.ts)
cacheTranslations(i18n);

/**
 * Sets i18next up in the page's language. Resolves when that language's strings are in (at once for
 * English; render after it, so the first paint is in the right language).
 */
export async function initI18n(
  lang: Language = detectLanguage(
    location.search,
    savedLanguage(),
    navigator.languages ?? [navigator.language],
  ),
): Promise<typeof i18n> {
  const en = namespaces(english);
  void i18n.use(initReactI18next).init({
    resources: { en },
    lng: lang,
    fallbackLng: 'en',
    ns: Object.keys(en),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // a language added later (loadLanguage) counts as loaded once its bundles are in
    partialBundledLanguages: true,
  });
  document.documentElement.lang = lang;
  try {
    await loadLanguage(lang);
  } catch {
    // its file could not be loaded (offline without the cache): English, as for a missing key
  }
  // re-render in it (i18next was told the language before its strings were there)
  if (lang !== 'en') await i18n.changeLanguage(lang);
  return i18n;
}

export async function setLanguage(l: Language): Promise<void> {
  saveLanguage(l);
  await loadLanguage(l);
  document.documentElement.lang = l;
  await i18n.changeLanguage(l);
}
