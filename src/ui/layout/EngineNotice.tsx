// Tells the user when the engine crashed or stopped answering, and that it was restored; also what
// happened to the work kept in this browser (SessionNotice, StorageNotice).

import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store';
import { selectEngineNotice, selectEngineStatus } from '../../state/selectors';
import { SessionNotice, StorageNotice } from './PersistNotices';

export function EngineNotice() {
  return (
    <>
      <EngineStatusNotice />
      <SessionNotice />
      <StorageNotice />
    </>
  );
}

function EngineStatusNotice() {
  const { t } = useTranslation('common');
  const status = useStore(selectEngineStatus);
  const notice = useStore(selectEngineNotice);
  if (!notice) return null;
  const restored = notice.startsWith('restored:');
  const reason = restored ? notice.slice('restored:'.length) : notice;
  const text =
    status === 'failed'
      ? t('engine.failed', { reason })
      : restored
        ? t('engine.restored', { reason })
        : t('engine.restarting', { reason });
  return (
    <div className={`engine-notice ${status}`} role="status" data-testid="engine-notice">
      <span>{text}</span>
      <button
        type="button"
        onClick={() => useStore.setState({ engineNotice: null })}
        aria-label={t('dismiss')}
      >
        ×
      </button>
    </div>
  );
}
