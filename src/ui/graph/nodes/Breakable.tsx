// Long words (taint keys, images) may break after `/`, `:`, `=` and `.`, never inside a word. Its own module: the editor's notice uses it too, and NodeCard brings React Flow with it (issue 24:
// React Flow stays out of the page's first bundle).

export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[/:=.])/);
  return parts.map((x, i) => (
    <span key={i}>
      {x}
      {i < parts.length - 1 ? <wbr /> : null}
    </span>
  ));
}
