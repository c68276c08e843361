// The strip that says which cluster the page shows, and when it cannot reach it ("disconnected —
// retrying"); or why a `?connect=` was refused.

import { useTranslation } from 'react-i18next';
import { useConnection } from '../../connect/status';
import './connect.css';

export function ConnectBanner() {
  const { t } = useTranslation('connect');
  const s = useConnection();
  if (s.refused) {
    return (
      <div className="connect-banner refused" role="alert" data-testid="connect-banner" data-state="refused">
        {t('refused', { value: s.refused.value, why: s.refused.why })}
      </div>
    );
  }
  if (!s.target) return null;
  const kindErrors = Object.entries(s.kindErrors);
  return (
    <div
      className={`connect-banner ${s.state}`}
      role="status"
      data-testid="connect-banner"
      data-state={s.state}
    >
      {s.state === 'connecting' && <span>{t('connecting', { target: s.target })}</span>}
      {s.state === 'connected' && (
        <span>
          {t('live', { target: s.target })}
          {s.version ? ` (${s.version})` : ''}
          {s.served === false ? t('other') : s.served ? t('served') : ''}
        </span>
      )}
      {s.state === 'disconnected' && (
        <span>
          {t('disconnected', { target: s.target })}
          {s.error ? `: ${s.error}` : ''}
        </span>
      )}
      {kindErrors.map(([k, m]) => (
        <span key={k} className="connect-kind-error">
          {k}: {m}
        </span>
      ))}
    </div>
  );
}
