// Starts the page on a connected cluster instead of its own simulation: the remote port in the
// engine's place, the console's first line saying which cluster it is, the connection's state for
// the banner.

import { EngineClient } from '../worker/client';
import { attachEngine } from '../state/engine';
import { useStore } from '../state/store';
import { RemotePort } from './remotePort';
import { useConnection, type ConnectionState } from './status';
import type { ConnectTarget } from './target';

let port: RemotePort | null = null;

export async function startRemote(target: Extract<ConnectTarget, { type: 'remote' }>): Promise<void> {
  useConnection.setState({ target: target.label, sameOrigin: target.sameOrigin, state: 'connecting' });
  port = new RemotePort({ base: target.base });
  const client = new EngineClient(port);
  attachEngine(
    client,
    `the page shows the cluster at ${target.label}: there is no local simulation to reset or restore (open the page without ?connect= for that)`,
  );
  announceWhenKnown();
  await client.request({ type: 'init', spec: { seed: 1, preset: 'empty', inputs: [] } });
}

/** `Connected to http://127.0.0.1:18080 (served cluster, v1.35.0)`, once the server answered. */
export function connectedLine(s: ConnectionState): string {
  const what = s.served ? 'served cluster' : s.sameOrigin ? 'cluster behind this page’s proxy' : 'cluster';
  return `Connected to ${s.target} (${what}${s.version ? `, ${s.version}` : ''})`;
}

function announceWhenKnown(): void {
  let said = false;
  let dropped = false;
  const check = (s: ConnectionState) => {
    const app = useStore.getState();
    if (!said && s.state === 'connected' && s.served !== null) {
      said = true;
      app.appendLine('info', `${connectedLine(s)}\n`);
      if (!s.served)
        app.appendLine(
          'info',
          `# sim commands, the clock and the palette's simulated nodes need the playground's own server; kubectl reads and writes go to ${s.target}\n`,
        );
    }
    if (said && s.state === 'disconnected' && !dropped) {
      dropped = true;
      app.appendLine('stderr', `# disconnected from ${s.target}: ${s.error ?? ''} — retrying\n`);
    }
    if (dropped && s.state === 'connected') {
      dropped = false;
      app.appendLine('info', `# connected to ${s.target} again\n`);
    }
  };
  useConnection.subscribe(check);
  check(useConnection.getState());
}

/** For tests of the page: the port in use. */
export function remotePort(): RemotePort | null {
  return port;
}
