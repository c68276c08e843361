// Light / dark: ?theme= wins, then the saved choice, then the system preference. One attribute on
// <html> drives the page's CSS variables and Monaco's theme together.

import type { Theme } from '../state/uiSlice';

const KEY = 'daemonset-playground:theme';

export function resolveTheme(param: Theme | undefined, saved: string | null, systemDark: boolean): Theme {
  if (param) return param;
  if (saved === 'light' || saved === 'dark') return saved;
  return systemDark ? 'dark' : 'light';
}

export function initialTheme(param: Theme | undefined): Theme {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    saved = null;
  }
  return resolveTheme(param, saved, matchMedia('(prefers-color-scheme: dark)').matches);
}

export function applyTheme(t: Theme, persist: boolean): void {
  document.documentElement.dataset.theme = t;
  if (!persist) return;
  try {
    localStorage.setItem(KEY, t);
  } catch {
    // no storage: the choice lasts for this visit
  }
}
