// Key names for the hints under the editor, as Monaco binds them on this platform.

export function isMac(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}

export function shortcuts(mac = isMac()): { toggleTab: string; apply: string } {
  // editor.action.toggleTabFocusMode: Ctrl+M, on macOS Ctrl+Shift+M.
  return mac ? { toggleTab: '⌃⇧M', apply: '⌘Enter' } : { toggleTab: 'Ctrl+M', apply: 'Ctrl+Enter' };
}
