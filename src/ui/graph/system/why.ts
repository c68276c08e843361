// The "why is there no pod here" panel, as data: each check of a `why` report in plain words (an i18n
// key and its values; the engine's own English message is kept beside it), and the one-click fixes
// that exist for the failed ones. Pure, tested.

import type { DaemonSet, Node, Taint } from '../../../engine';
import type { WhyData } from '../../../wire/protocol';
import { taintString } from '../../../engine/predicates';
import { cmd } from './commands';
import { toleratesAny } from './model';

export type Check = WhyData['checks'][number];

export interface Words {
  key: string;
  params?: Record<string, string | number>;
}

export function checkWords(c: Check, ds: DaemonSet | undefined, node: Node | undefined): Words {
  const sel = ds?.spec.template.spec.nodeSelector ?? {};
  const selText = Object.entries(sel)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  switch (c.check) {
    case 'nodeName':
      return c.passed
        ? { key: 'why.check.nodeNamePass', params: { node: node?.metadata.name ?? '' } }
        : { key: 'why.check.nodeNameFail', params: { want: ds?.spec.template.spec.nodeName ?? '' } };
    case 'nodeSelector': {
      if (!selText) return { key: 'why.check.nodeSelectorNone' };
      if (c.passed) return { key: 'why.check.nodeSelectorPass', params: { selector: selText } };
      return {
        key: 'why.check.nodeSelectorFail',
        params: {
          selector: selText,
          missing: missingLabels(ds, node)
            .map((l) => `${l.key}=${l.value}`)
            .join(', '),
        },
      };
    }
    case 'nodeAffinity':
      if (c.message.startsWith('no ')) return { key: 'why.check.affinityNone' };
      return { key: c.passed ? 'why.check.affinityPass' : 'why.check.affinityFail' };
    case 'taint': {
      const taint = c.taint;
      const text = taint ? taintString(taint as Taint) : '';
      if (!taint) return { key: 'why.check.raw' };
      if (taint.effect === 'PreferNoSchedule')
        return { key: 'why.check.taintPrefer', params: { taint: text } };
      if (c.passed) {
        const byTemplate = toleratesAny(ds?.spec.template.spec.tolerations, taint as Taint);
        return {
          key: byTemplate ? 'why.check.taintByTemplate' : 'why.check.taintInjected',
          params: { taint: text },
        };
      }
      return {
        key: taint.effect === 'NoExecute' ? 'why.check.taintFailEvict' : 'why.check.taintFailNew',
        params: { taint: text },
      };
    }
    default:
      return { key: 'why.check.raw' };
  }
}

/** nodeSelector pairs the node's labels do not satisfy. */
export function missingLabels(
  ds: DaemonSet | undefined,
  node: Node | undefined,
): { key: string; value: string }[] {
  const sel = ds?.spec.template.spec.nodeSelector ?? {};
  return Object.entries(sel)
    .filter(([k, v]) => node?.metadata.labels?.[k] !== v)
    .map(([key, value]) => ({ key, value }));
}

export type Fix =
  | { type: 'tolerate'; id: string; taint: Taint }
  | { type: 'untaint'; id: string; taint: Taint; command: string }
  | { type: 'label'; id: string; key: string; value: string; command: string };

/** Taints the node lifecycle controller manages: removing them by hand does not last. */
const managedTaint = (t: Taint) => t.key.startsWith('node.kubernetes.io/');

export function fixesFor(r: WhyData, ds: DaemonSet | undefined, node: Node | undefined): Fix[] {
  const out: Fix[] = [];
  if (!ds || !node) return out;
  for (const c of r.checks) {
    if (c.passed) continue;
    if (c.check === 'taint' && c.taint) {
      const taint = c.taint as Taint;
      const text = taintString(taint);
      out.push({ type: 'tolerate', id: `tolerate:${text}`, taint });
      if (!managedTaint(taint))
        out.push({
          type: 'untaint',
          id: `untaint:${text}`,
          taint,
          command: cmd.untaint(node.metadata.name, taint.key, taint.effect),
        });
    }
    if (c.check === 'nodeSelector') {
      for (const l of missingLabels(ds, node)) {
        const overwrite = node.metadata.labels?.[l.key] !== undefined;
        out.push({
          type: 'label',
          id: `label:${l.key}`,
          key: l.key,
          value: l.value,
          command: cmd.label(node.metadata.name, l.key, l.value, overwrite),
        });
      }
    }
  }
  return out;
}

/** The one-line verdict of a report. */
export function verdict(r: WhyData): Words {
  if (r.shouldRun) return { key: 'why.verdict.run' };
  if (r.shouldContinueRunning) return { key: 'why.verdict.noNewButKeep' };
  return { key: 'why.verdict.noRun' };
}
