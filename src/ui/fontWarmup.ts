// Text in another script, laid out once in a task of its own before the page's first full render
// (issue 24). The header's language menu names each language in itself ("简体中文"): the first
// layout of those glyphs makes the browser search the system for a font that has them (on this
// machine's Chromium 7–40 ms at 1× CPU, a different figure every fresh start), and that layout was
// the page's first full layout, in the frame after React's first commit — the longest task of a
// phone's load, and the one whose length changed most from run to run. Looked up here first, the
// browser keeps the answer, and the page's layout finds it.

import { LANGUAGE_NAMES } from '../i18n';

/** The texts laid out ahead, each in a task of its own (in the page's own font). */
export function warmupTexts(): string[] {
  return [Object.values(LANGUAGE_NAMES).join(' ')];
}

/** The part of a document this needs (a test passes its own). */
export interface WarmupDocument<E extends WarmupElement = WarmupElement> {
  createElement(tag: 'span'): E;
  body: { appendChild(el: E): unknown };
}
export interface WarmupElement {
  setAttribute(name: string, value: string): void;
  style: { cssText: string };
  textContent: string | null;
  readonly offsetWidth: number;
  remove(): void;
}

/**
 * Lays each text out off screen (hidden, out of the flow: nothing on the screen moves) in a task of
 * its own (`nextTask` before each one), reads its width (the layout, and so the font lookup, happens
 * then) and takes it away.
 */
export async function warmFonts<E extends WarmupElement>(
  doc: WarmupDocument<E>,
  nextTask: () => Promise<void>,
): Promise<void> {
  for (const text of warmupTexts()) {
    await nextTask();
    const el = doc.createElement('span');
    el.setAttribute('aria-hidden', 'true');
    el.style.cssText =
      'position:absolute;left:-10000px;top:0;visibility:hidden;white-space:pre;pointer-events:none';
    el.textContent = text;
    doc.body.appendChild(el);
    void el.offsetWidth;
    el.remove();
  }
}
