// Presentation mode on and off (also `?present=1` and the `m` key): projector-sized type, high
// contrast, console and events folded.

import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store';

export function togglePresent(): void {
  const s = useStore.getState();
  s.setPresent(!s.present);
}

export function PresentToggle({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const present = useStore((s) => s.present);
  return (
    <button
      type="button"
      className={`present-toggle${compact ? ' compact' : ''}`}
      aria-pressed={present}
      title={t('present.hint')}
      aria-label={compact ? t('present.label') : undefined}
      onClick={togglePresent}
      data-testid="present-toggle"
    >
      <svg width="16" height="14" viewBox="0 0 16 14" aria-hidden="true" focusable="false">
        <rect x="1" y="1" width="14" height="9" rx="1" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M8 10v3M5 13h6" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      {compact ? null : <span>{t('present.label')}</span>}
    </button>
  );
}
