// The manifest as a read-only, coloured view: what the editor panel shows until Monaco has loaded
// (on a phone, until the learner first touches or focuses it; see LoadWhenVisible). It costs a few
// milliseconds where Monaco costs seconds on a phone's CPU, and it has Monaco's look (line numbers,
// the YAML colours of its vs / vs-dark themes, the same font size and line height), so the swap is
// quiet. Text only: no HTML is made from the manifest.

import { useMemo } from 'react';
import { tokenizeYaml } from './yamlTokens';
import './preview.css';

export interface YamlPreviewProps {
  text: string;
  theme: 'light' | 'dark';
  /** text size in px (Monaco's: 13 by default, 18 in presentation mode) */
  fontSize?: number;
}

export function YamlPreview({ text, theme, fontSize = 13 }: YamlPreviewProps) {
  const lines = useMemo(() => tokenizeYaml(text), [text]);
  // Monaco's line height for the font size (as measured in Chromium: 18 px at 13 px, 24 px at 18 px)
  const lineHeight = Math.round(fontSize * 1.35);
  // its gutter: line numbers right-aligned, the text starting about five characters in
  const gutter = `${Math.max(String(lines.length).length, 3) + 1}ch`;
  return (
    // Focusable: a keyboard reaches and scrolls it (axe's scrollable-region-focusable), and focusing it
    // is the "first use" that loads the editor in its place (LoadWhenVisible).
    <pre
      className="yaml-preview"
      tabIndex={0}
      data-theme={theme}
      data-testid="yaml-preview"
      style={{ fontSize, lineHeight: `${lineHeight}px` }}
    >
      {lines.map((tokens, i) => (
        <span className="yaml-preview-line" key={i}>
          <span className="yaml-preview-num" style={{ width: gutter }} aria-hidden="true">
            {i + 1}
          </span>
          <span className="yaml-preview-code">
            {tokens.map((t, j) =>
              t.kind === 'text' ? (
                t.text
              ) : (
                <span key={j} className={`yt-${t.kind}`}>
                  {t.text}
                </span>
              ),
            )}
            {'\n'}
          </span>
        </span>
      ))}
    </pre>
  );
}
