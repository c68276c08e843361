// A lesson text in the safe Markdown subset, rendered as React elements: nothing from the file is ever
// inserted as HTML, so `<script>` in a lesson shows as those characters.

import { Fragment, type ReactNode } from 'react';
import { parseBlocks, parseInline, type Inline } from '../../lessons/markdown';

function inline(nodes: Inline[]): ReactNode {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>;
      case 'code':
        return <code key={i}>{n.text}</code>;
      case 'em':
        return <em key={i}>{inline(n.children)}</em>;
      case 'strong':
        return <strong key={i}>{inline(n.children)}</strong>;
      case 'link':
        return (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer nofollow">
            {inline(n.children)}
          </a>
        );
    }
  });
}

/** Block text (paragraphs and lists). */
export function LessonText({ text, className = 'lesson-text' }: { text: string; className?: string }) {
  const blocks = parseBlocks(text);
  if (blocks.length === 0) return null;
  return (
    <div className={className}>
      {blocks.map((b, i) =>
        b.t === 'p' ? (
          <p key={i}>{inline(b.children)}</p>
        ) : b.t === 'ul' ? (
          <ul key={i}>
            {b.items.map((it, j) => (
              <li key={j}>{inline(it)}</li>
            ))}
          </ul>
        ) : (
          <ol key={i}>
            {b.items.map((it, j) => (
              <li key={j}>{inline(it)}</li>
            ))}
          </ol>
        ),
      )}
    </div>
  );
}

/** One line of inline text (a prompt, a choice). */
export function LessonInline({ text }: { text: string }) {
  return <>{inline(parseInline(text))}</>;
}
