// The strip that says which cluster the page shows, and when it cannot reach it ("disconnected —
// retrying"); or why a `?connect=` was refused.

import { useConnection } from './status'
import './connect.css'

export function ConnectBanner() {
  const s = useConnection()
  if (s.refused) {
    return (
      <div className="connect-banner refused" role="alert" data-testid="connect-banner" data-state="refused">
        {s.refused}
      </div>
    )
  }
  if (!s.target) return null
  const kindErrors = Object.entries(s.kindErrors)
  return (
    <div className={`connect-banner ${s.state}`} role="status" data-testid="connect-banner" data-state={s.state}>
      {s.state === 'connecting' && <span>Connecting to {s.target}…</span>}
      {s.state === 'connected' && (
        <span>
          Live: {s.target}
          {s.version ? ` (${s.version})` : ''}
          {s.served === false ? ' — kubectl and the graph’s actions send requests there; simulation controls are off (not the playground’s server)' : s.served ? ' — the playground’s served cluster' : ''}
        </span>
      )}
      {s.state === 'disconnected' && (
        <span>
          Disconnected — retrying {s.target}
          {s.error ? `: ${s.error}` : ''}
        </span>
      )}
      {kindErrors.map(([k, m]) => (
        <span key={k} className="connect-kind-error">
          {k}: {m}
        </span>
      ))}
    </div>
  )
}
