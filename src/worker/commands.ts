// The engine worker's second chunk: everything that runs commands — the Session (kubectl and the `sim`
// commands), `why`, the lesson probes, the export and the streaming commands. The host loads it with
// import() when a request first needs it, or once the first snapshot is out (host.ts, issue 24).

export { Session, why } from '../engine';
export { probeLines } from '../lessons/probe';
export { exportSession } from './exportSession';
export { Streams } from './streams';
