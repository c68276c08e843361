// The timeline's place when the page shows a connected cluster: the cluster's clock, and the controls
// that move a simulated one (`sim step`, `sim advance`, `sim settle` through POST /playground/v1/sim),
// which only the playground's own server has; for any other cluster they are off, saying why.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../state/store';
import { runCommand } from '../../state/actions';
import { simUnavailable, useConnection } from '../../connect/status';

export function ClockBar() {
  const { t } = useTranslation('connect');
  const now = useStore((s) => s.now);
  const busy = useStore((s) => s.busy);
  const conn = useConnection();
  const off = simUnavailable(conn) ? t('simOff', { target: conn.target }) : null;
  const [running, setRunning] = useState(false);
  const run = (line: string) => {
    setRunning(true);
    void runCommand(line).finally(() => setRunning(false));
  };
  const disabled = !!off || conn.served === null || busy || running || conn.state !== 'connected';
  const title = off ?? undefined;
  return (
    <div
      className="timeline-bar connect-clock nokey"
      role="region"
      aria-label={t('clockLabel')}
      data-testid="timeline-bar"
    >
      <div className="timeline-row">
        <span className="connect-clock-time" data-testid="connect.clock" title={t('clockTitle')}>
          {t('clock', {
            time: now
              ? new Date(now)
                  .toISOString()
                  .replace('T', ' ')
                  .replace(/\.\d+Z$/, ' UTC')
              : '…',
          })}
        </span>
        <button
          type="button"
          disabled={disabled}
          title={title}
          data-testid="connect.step"
          onClick={() => run('sim step')}
        >
          {t('step')}
        </button>
        <button
          type="button"
          disabled={disabled}
          title={title}
          data-testid="connect.advance"
          onClick={() => run('sim advance 10s')}
        >
          {t('advance')}
        </button>
        <button
          type="button"
          disabled={disabled}
          title={title}
          data-testid="connect.settle"
          onClick={() => run('sim settle')}
        >
          {t('settle')}
        </button>
        {off && (
          <span className="connect-clock-off" data-testid="connect.sim-off">
            {off}
          </span>
        )}
      </div>
    </div>
  );
}

/** The palette's place for a cluster without a simulation: why nodes cannot be added from here. */
export function NoPalette() {
  const { t } = useTranslation('connect');
  const target = useConnection((s) => s.target);
  const reason = t('simOff', { target });
  return (
    <div className="connect-no-palette" data-testid="palette.off" title={reason}>
      <button type="button" disabled aria-describedby="connect-no-palette-why">
        {t('addNode')}
      </button>
      <span id="connect-no-palette-why" className="sr-only">
        {reason}
      </span>
    </div>
  );
}
