// Page-wide keyboard shortcuts (not while typing in a field or the editor).

export interface Shortcut {
  keys: string;
  action: 'help' | 'playPause' | 'step' | 'focusConsole' | 'focusEditor' | 'focusGraph' | 'present' | 'apply';
}

export const SHORTCUTS: Shortcut[] = [
  { keys: '?', action: 'help' },
  { keys: 'p', action: 'playPause' },
  { keys: '.', action: 'step' },
  { keys: 'c', action: 'focusConsole' },
  { keys: 'e', action: 'focusEditor' },
  { keys: 'g', action: 'focusGraph' },
  { keys: 'm', action: 'present' },
];

/** Keys handled by the editor and console themselves, listed in the sheet too. */
export const OTHER_KEYS = [
  'ctrlEnter',
  'ctrlM',
  'consoleHistory',
  'consoleTab',
  'consoleClear',
  'consoleCancel',
  'escape',
] as const;

export function isTypingTarget(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if ((el as HTMLElement).isContentEditable) return true;
  return !!el.closest?.('.monaco-editor');
}

export function shortcutFor(
  key: string,
  ctrl: boolean,
  alt: boolean,
  meta: boolean,
): Shortcut['action'] | null {
  if (ctrl || alt || meta) return null;
  return SHORTCUTS.find((s) => s.keys === key)?.action ?? null;
}
