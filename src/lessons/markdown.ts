// The safe Markdown subset of lesson texts: paragraphs, bullet and numbered lists, `code`, *emphasis*,
// **strong**, [links](https://…). Parsed into data; the page renders it as React elements (never as
// HTML), so markup in a lesson file shows as the characters it is.

export type Inline =
  | { t: 'text'; text: string }
  | { t: 'code'; text: string }
  | { t: 'em'; children: Inline[] }
  | { t: 'strong'; children: Inline[] }
  | { t: 'link'; href: string; children: Inline[] };

export type Block = { t: 'p'; children: Inline[] } | { t: 'ul' | 'ol'; items: Inline[][] };

const BULLET = /^\s*[-*+]\s+/;
const NUMBER = /^\s*\d{1,9}[.)]\s+/;

/** A link target the page may open: https only (no javascript:, data:, http:, relative paths). */
export function isSafeHref(href: string): boolean {
  try {
    return new URL(href).protocol === 'https:' && /^https:\/\//i.test(href);
  } catch {
    return false;
  }
}

export function parseBlocks(src: string): Block[] {
  const out: Block[] = [];
  const paras = src.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  for (const para of paras) {
    const lines = para.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    const list = BULLET.test(lines[0]) ? BULLET : NUMBER.test(lines[0]) ? NUMBER : null;
    if (list) {
      const items: string[] = [];
      for (const l of lines) {
        if (list.test(l)) items.push(l.replace(list, ''));
        else if (items.length) items[items.length - 1] += ' ' + l.trim();
      }
      out.push({ t: list === BULLET ? 'ul' : 'ol', items: items.map((i) => parseInline(i)) });
    } else {
      out.push({ t: 'p', children: parseInline(lines.map((l) => l.trim()).join(' ')) });
    }
  }
  return out;
}

/** Inline spans. Nesting is bounded (emphasis inside a link, and so on, at most a few levels). */
export function parseInline(src: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ t: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '\\' && i + 1 < src.length && /[`*_[\]()\\]/.test(src[i + 1])) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = src.indexOf('`', i + 1);
      if (end > i) {
        flush();
        out.push({ t: 'code', text: src.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (depth < 4 && (ch === '*' || ch === '_')) {
      const strong = src.startsWith(ch + ch, i);
      const mark = strong ? ch + ch : ch;
      const end = src.indexOf(mark, i + mark.length);
      if (end > i + mark.length && src[i + mark.length] !== ' ') {
        flush();
        const inner = parseInline(src.slice(i + mark.length, end), depth + 1);
        out.push(strong ? { t: 'strong', children: inner } : { t: 'em', children: inner });
        i = end + mark.length;
        continue;
      }
    }
    if (depth < 4 && ch === '[') {
      const m = /^\[([^\]]*)\]\(([^)\s]*)\)/.exec(src.slice(i));
      if (m) {
        flush();
        const children = parseInline(m[1], depth + 1);
        if (isSafeHref(m[2])) out.push({ t: 'link', href: m[2], children });
        else out.push(...children);
        i += m[0].length;
        continue;
      }
    }
    text += ch;
    i++;
  }
  flush();
  return out;
}

/** Every link target in a text (for the validator: only https ones are allowed). */
export function linkTargets(src: string): string[] {
  return Array.from(src.matchAll(/\[[^\]]*\]\(([^)\s]*)\)/g), (m) => m[1]);
}
