// What the page knows about the cluster it is connected to (its own small store: the app's store
// and views do not need to know where the objects come from; the banner and the console read this).

import { create } from 'zustand';

export interface ConnectionState {
  /** the URL the page talks to, or null in the local playground */
  target: string | null;
  sameOrigin: boolean;
  /** `?connect=` was refused: the value and why (the local playground runs instead) */
  refused: { value: string; why: string } | null;
  state: 'off' | 'connecting' | 'connected' | 'disconnected';
  /** what went wrong last (word for word from the server when it answered) */
  error: string | null;
  /** the server answers `POST /playground/v1/sim` (the playground's own `serve`) */
  served: boolean | null;
  /** `/version`'s gitVersion */
  version: string | null;
  /** kinds whose list failed (e.g. forbidden), with the message */
  kindErrors: Record<string, string>;
}

export const useConnection = create<ConnectionState>()(() => ({
  target: null,
  sameOrigin: false,
  refused: null,
  state: 'off',
  error: null,
  served: null,
  version: null,
  kindErrors: {},
}));

export function isConnected(): boolean {
  return useConnection.getState().target !== null;
}

/** Why the simulation-only controls are off, or null when they work (local, or the playground's serve). */
export function simUnavailable(s: ConnectionState = useConnection.getState()): string | null {
  if (s.target === null || s.served) return null;
  return `not available: ${s.target} is not the playground's own server (npm run -s serve), so there is no simulation to control there`;
}
