// Defers heavy children (the Monaco editor) until they are used: rendered once the placeholder comes
// within 200px of the viewport (for an iframe: the course page's viewport), or at once when the user
// clicks "Load the editor" or focuses it. Several embeds on one page then load Monaco only in the ones
// the learner scrolls to.
//
// Usage (ManifestPanel): <LoadWhenVisible preview={text}><Suspense …><YamlEditor …/></Suspense></LoadWhenVisible>

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LoadWhenVisibleProps {
  children: ReactNode;
  /** text shown (read-only, as text) until the real content loads */
  preview?: string;
  /** false: render the children at once */
  enabled?: boolean;
  /** margin around the viewport that counts as visible */
  rootMargin?: string;
}

export function LoadWhenVisible({
  children,
  preview,
  enabled = true,
  rootMargin = '200px',
}: LoadWhenVisibleProps) {
  const { t } = useTranslation('share');
  const [load, setLoad] = useState(!enabled || typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (load || !ref.current) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setLoad(true);
      },
      { rootMargin },
    );
    io.observe(ref.current);
    return () => io.disconnect();
  }, [load, rootMargin]);

  if (load) return <>{children}</>;
  return (
    <div
      ref={ref}
      className="load-when-visible"
      data-testid="load-when-visible"
      style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'auto' }}
    >
      <p style={{ margin: 0, padding: '6px 8px', display: 'flex', gap: 8, alignItems: 'center' }}>
        <button type="button" onClick={() => setLoad(true)} data-testid="load-editor">
          {t('embed.loadEditor')}
        </button>
        <span style={{ color: 'var(--muted)', fontSize: 12 }}>{t('embed.editorDeferred')}</span>
      </p>
      {preview !== undefined ? (
        <pre
          style={{
            margin: 0,
            padding: '4px 8px',
            fontSize: 12,
            fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
            whiteSpace: 'pre',
            color: 'var(--muted)',
          }}
        >
          {preview}
        </pre>
      ) : null}
    </div>
  );
}
