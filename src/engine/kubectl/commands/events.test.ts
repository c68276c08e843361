// `kubectl events`' printer on what a running cluster rarely writes: messages with line breaks and
// terminal escapes, repeated events, the two namespaces' layouts. The whole command is checked against
// kubectl 1.33 by src/scenarios/events.sim (test:real).

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../simulation';
import { runDef } from '../../testing/kubectl';
import { eventsCommand } from './events';

function withEvents(): Simulation {
  const sim = new Simulation();
  const at = (s: number) => new Date(sim.now() - s * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const base = {
    namespace: 'default',
    source: { component: 'kubelet', host: 'n' },
    type: 'Normal' as const,
    reportingComponent: 'kubelet',
    count: 1,
  };
  sim.store.createEvent({
    ...base,
    name: 'a.1',
    involvedObject: { kind: 'Pod', name: 'a', namespace: 'default' },
    reason: 'Pulled',
    message: 'line one\nline two',
    firstTimestamp: at(30),
    lastTimestamp: at(30),
  });
  sim.store.createEvent({
    ...base,
    name: 'b.1',
    involvedObject: { kind: 'Pod', name: 'b', namespace: 'default' },
    reason: 'BackOff',
    message: 'colour \u001b[31mred  ',
    type: 'Warning',
    count: 4,
    firstTimestamp: at(300),
    lastTimestamp: at(5),
  });
  sim.store.createEvent({
    ...base,
    namespace: 'kube-system',
    name: 'c.1',
    involvedObject: { kind: 'Node', name: 'n' },
    reason: 'Starting',
    message: 'Starting kubelet.',
    firstTimestamp: at(600),
    lastTimestamp: at(600),
  });
  return sim;
}

describe('kubectl events', () => {
  it('cuts a message at its first line break, escapes the terminal, trims it; a repeated event says how often since when', () => {
    expect(runDef(withEvents(), eventsCommand, '').stdout).toBe(
      [
        'LAST SEEN         TYPE      REASON    OBJECT   MESSAGE',
        '30s               Normal    Pulled    Pod/a    line one...',
        '5s (x4 over 5m)   Warning   BackOff   Pod/b    colour ^[[31mred',
        '',
      ].join('\n'),
    );
  });

  it('with -A: a NAMESPACE column, every namespace, oldest first', () => {
    const out = runDef(withEvents(), eventsCommand, '-A --types=Normal --no-headers').stdout.split('\n');
    expect(out).toEqual([
      'kube-system   10m   Normal   Starting   Node/n   Starting kubelet.',
      'default       30s   Normal   Pulled     Pod/a    line one...',
      '',
    ]);
  });

  it('says when there is nothing to show, on stderr', () => {
    const r = runDef(withEvents(), eventsCommand, '-n kube-system --types Warning');
    expect([r.stdout, r.stderr, r.exitCode]).toEqual(['', 'No events found in kube-system namespace.\n', 0]);
    expect(runDef(withEvents(), eventsCommand, '-A --for node/x').stderr).toBe('No events found.\n');
  });
});
