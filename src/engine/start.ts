// The engine's start face: a session's cluster started (the simulation, its controllers and its
// preset) and what the engine worker's host needs to send the page its first snapshot — without
// kubectl, its printers and its OpenAPI data. The worker's first chunk imports only this, and loads the
// rest (the front door: Session, kubectl) when a request first needs it (src/worker/host.ts, issue 24).
// The `sim` commands that set a cluster up (a lesson's setup) run here too, on a SimSession.

export { Simulation, type StepRecord } from './simulation';
export { startSession, type SessionOptions, type StartedSession } from './script/start';
export { toRow } from './api/eventStore';
export { namespacedName } from './api/namespacedName';
export { SimSession } from './script/simSession';
export { isStartLine, runStartLine } from './script/simStart';
