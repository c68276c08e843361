// "Export for kind": downloads the session as the files `sim --export kind` writes (one .tar), and
// says what it held and how to run it; or why it could not (the session is not touched).

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FOLDER, type ExportSummary } from '../../engine/scripts';
import { downloadExport, NotReadyError } from './requestExport';
import './export.css';

type Status =
  | { state: 'busy' }
  | { state: 'done'; fileName: string; summary: ExportSummary }
  | { state: 'failed'; reason: string }
  | null;

/** What to type after the download (README.txt says the same). */
export const RUN_COMMANDS = [
  `tar -xf ${EXPORT_FOLDER}.tar && cd ${EXPORT_FOLDER}`,
  'kind create cluster --config kind-config.yaml && ./replay.sh',
];

export function ExportButton() {
  const { t } = useTranslation('export');
  const [status, setStatus] = useState<Status>(null);
  const onClick = async () => {
    setStatus({ state: 'busy' });
    try {
      setStatus({ state: 'done', ...(await downloadExport()) });
    } catch (e) {
      setStatus({
        state: 'failed',
        reason: e instanceof NotReadyError ? t('notReady') : (e as Error).message,
      });
    }
  };
  const s = status?.state === 'done' ? status.summary : null;
  return (
    <div className="export">
      <button
        type="button"
        data-testid="export-button"
        title={t('hint')}
        disabled={status?.state === 'busy'}
        onClick={() => void onClick()}
      >
        {status?.state === 'busy' ? t('busy') : t('button')}
      </button>
      {status?.state === 'done' && s ? (
        <div className="export-status" role="status" data-testid="export-status">
          <p>
            {t(s.manifests === 0 && s.commands === 0 ? 'nothing' : 'done', {
              file: status.fileName,
              nodes: s.nodes,
              controlPlanes: s.controlPlanes,
              manifests: s.manifests,
              commands: s.commands,
            })}
          </p>
          {RUN_COMMANDS.map((c) => (
            <code key={c}>{c}</code>
          ))}
        </div>
      ) : null}
      {status?.state === 'failed' ? (
        <p className="export-status error" role="alert" data-testid="export-error">
          {t('failed', { reason: status.reason })}
        </p>
      ) : null}
    </div>
  );
}
