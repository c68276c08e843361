// A `sim why` report (src/engine/script/why.ts) as the wire carries it: names instead of objects.
// The worker's engine and a connected cluster's mirror both answer the page's `why` with it.

import type { WhyReport } from '../engine';
import type { WhyData } from './protocol';

export function whyData(w: WhyReport): WhyData {
  return {
    daemonSet: { namespace: w.ds.metadata.namespace ?? 'default', name: w.ds.metadata.name },
    node: w.node.metadata.name,
    shouldRun: w.shouldRun,
    shouldContinueRunning: w.shouldContinueRunning,
    checks: w.checks.map((c) => ({
      check: c.check,
      passed: c.passed,
      message: c.message,
      blocks: c.blocks,
      taint: c.taint,
    })),
    scheduler: w.scheduler.map((s) => ({ name: s.name, passed: s.passed, reason: s.reason })),
    decisions: w.decisions.map((d) => ({ action: d.action, pod: d.pod, reason: d.reason })),
  };
}
