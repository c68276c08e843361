// In an embed there is no header: presentation mode and the shortcut sheet (which also owns the page's
// keyboard shortcuts) sit at the end of the timeline bar, as small icon buttons.

import { PresentToggle } from './PresentToggle';
import { ShortcutSheet } from './ShortcutSheet';

export function EmbedControls() {
  return (
    <>
      <PresentToggle compact />
      <ShortcutSheet compact />
    </>
  );
}
