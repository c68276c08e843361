// i18next setup. Every UI string lives in locales/<lang>/<namespace>.json; each part of the page
// owns its namespace file. Language: ?lang=, then the saved preference, then the browser.

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'daemonset-playground:lang';

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

function resources(): Record<string, Record<string, Record<string, unknown>>> {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, mod] of Object.entries(files)) {
    const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    (out[m[1]] ??= {})[m[2]] = mod.default;
  }
  return out;
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

export function initI18n(
  lang: Language = detectLanguage(
    location.search,
    savedLanguage(),
    navigator.languages ?? [navigator.language],
  ),
) {
  const res = resources();
  void i18n.use(initReactI18next).init({
    resources: res,
    lng: lang,
    fallbackLng: 'en',
    ns: Object.keys(res.en ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
  return i18n;
}

export async function setLanguage(l: Language): Promise<void> {
  saveLanguage(l);
  document.documentElement.lang = l;
  await i18n.changeLanguage(l);
}
