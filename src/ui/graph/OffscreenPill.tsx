// "3 nodes off-screen · show": offered instead of moving the view once the user has panned or zoomed.
// It sits in the toolbar, which the cards are fitted below, so it never covers a card.

import { useTranslation } from 'react-i18next';

export function OffscreenPill({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation('graph');
  return (
    <button
      type="button"
      className="graph-pill"
      onClick={onShow}
      data-testid="graph.offscreen"
      aria-live="polite"
    >
      {t('offscreen', { count })}
    </button>
  );
}
