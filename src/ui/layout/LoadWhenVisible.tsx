// Defers heavy children (the Monaco editor) until they are wanted. Two ways (`until`):
// - 'visible': rendered once the placeholder comes within 200px of the viewport (for an iframe: the
//   course page's viewport), or at once when the user clicks "Load the editor" or focuses it. Several
//   embeds on one page then load Monaco only in the ones the learner scrolls to.
// - 'used': rendered when the learner first touches, clicks, focuses or types into the placeholder.
//   For a phone, where the editor is the first panel on screen and Monaco's start (seconds of a
//   phone's CPU, a megabyte on the wire) would hold up the cluster graph and every tap (issue 24).
// Until then the placeholder shows `preview` (the manifest, read-only and coloured, YamlPreview).
//
// Usage (ManifestPanel): <LoadWhenVisible preview={…}>{(used) => <Suspense …><YamlEditor autoFocus={used} …/></Suspense>}</LoadWhenVisible>

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LoadWhenVisibleProps {
  /** what to render once loaded; a function is told whether the learner asked for it (focus it then) */
  children: ReactNode | ((used: boolean) => ReactNode);
  /** shown (read-only) until the real content loads */
  preview?: ReactNode;
  /** false: render the children at once */
  enabled?: boolean;
  /** load when the placeholder comes into view (default), or only when the learner uses it */
  until?: 'visible' | 'used';
  /** margin around the viewport that counts as visible */
  rootMargin?: string;
  /** the placeholder's accessible name in 'used' mode (what focusing it is for) */
  label?: string;
}

export function LoadWhenVisible({
  children,
  preview,
  enabled = true,
  until = 'visible',
  rootMargin = '200px',
  label,
}: LoadWhenVisibleProps) {
  const { t } = useTranslation('share');
  const [load, setLoad] = useState<false | 'visible' | 'used'>(
    !enabled || (until === 'visible' && typeof IntersectionObserver === 'undefined') ? 'visible' : false,
  );
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (load || until !== 'visible' || !ref.current) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setLoad('visible');
      },
      { rootMargin },
    );
    io.observe(ref.current);
    return () => io.disconnect();
  }, [load, rootMargin, until]);

  if (load) return <>{typeof children === 'function' ? children(load === 'used') : children}</>;
  if (until === 'used') {
    const use = () => setLoad('used');
    return (
      <div
        ref={ref}
        className="load-when-visible load-when-used"
        data-testid="load-when-visible"
        data-until="used"
        role="button"
        tabIndex={0}
        aria-label={label}
        onPointerDown={use}
        onFocus={use}
        onKeyDown={use}
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        {preview}
      </div>
    );
  }
  return (
    <div
      ref={ref}
      className="load-when-visible"
      data-testid="load-when-visible"
      style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', overflow: 'auto' }}
    >
      <p style={{ margin: 0, padding: '6px 8px', display: 'flex', gap: 8, alignItems: 'center' }}>
        <button type="button" onClick={() => setLoad('used')} data-testid="load-editor">
          {t('embed.loadEditor')}
        </button>
        <span style={{ color: 'var(--muted)', fontSize: 12 }}>{t('embed.editorDeferred')}</span>
      </p>
      {preview}
    </div>
  );
}
