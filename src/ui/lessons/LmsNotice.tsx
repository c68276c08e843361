// What the page says about the course platform that launched it (issue 25, src/lms/notice.ts): that it
// reports there, that no platform was found (nothing is reported), or what of the saved progress had to
// be left out. Nothing when the page was not launched by a platform.

import { useTranslation } from 'react-i18next';
import { dismissLmsNotice, useLmsNotice } from '../../lms/notice';

export function LmsNotice() {
  const { t } = useTranslation('lms');
  const { standard, kind, detail, dismissed } = useLmsNotice();
  if (!standard || !kind || dismissed) return null;
  const name = t(`standard.${standard}`);
  return (
    <div
      className={`engine-notice lms-notice ${kind}`}
      role="status"
      data-testid="lms-notice"
      data-kind={kind}
    >
      <span>{t(`notice.${kind}`, { name, detail })}</span>
      <button type="button" onClick={dismissLmsNotice} aria-label={t('dismiss')}>
        ×
      </button>
    </div>
  );
}
