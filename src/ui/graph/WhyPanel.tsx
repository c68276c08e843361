// The side panel for a selected node: for each DaemonSet, should this node run its pod, every check
// of the controller (nodeShouldRunDaemonPod) and of the scheduler, passed or failed in plain words,
// what the last sync decided, and the one-click fixes (shown before they apply).

import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DaemonSet, Node, Pod } from '../../engine';
import type { Response, WhyData } from '../../wire/protocol';
import { engine } from '../../state/engine';
import { useStore } from '../../state/store';
import { selectDaemonSets, selectPodsOnNode } from '../../state/selectors';
import { taintString } from '../../engine/predicates';
import { checkWords, fixesFor, verdict, type Fix } from './system/why';
import { run, selectPod } from './graphActions';
import { RolloutWhy } from './RolloutWhy';
import { latestAnswer, type LatestAnswer } from './latestAnswer';
import { ChunkBoundary, retryableLazy } from '../layout/ChunkBoundary';

// The fix's preview writes YAML (the yaml package): a chunk of its own, not the graph's (issue 24).
const loadPreview = () => import('./TolerateFixPreview');
const TolerateFixPreview = retryableLazy(loadPreview);

type WhyResponse = Extract<Response, { type: 'why' }>;

/** Re-asks the engine when the node, the DaemonSets or the pods on the node change. */
function useWhy(node: string) {
  const nodeObj = useStore((s) => s.mirror.get('Node', `/${node}`) as Node | undefined);
  const dss = useStore(selectDaemonSets);
  const podsHere = useStore((s) => {
    const out: string[] = [];
    const pods = s.objects.Pod as Record<string, Pod>;
    for (const k in pods)
      if (pods[k].spec.nodeName === node) out.push(`${k}@${pods[k].metadata.resourceVersion}`);
    return out.join(',');
  });
  const [state, setState] = useState<{ node: string; reports: WhyData[] | null; error: string | null }>({
    node,
    reports: null,
    error: null,
  });
  // asked again at most every 60 ms while they change (a rollout changes them with every batch), and
  // the newest answer shown (latestAnswer.ts)
  const asker = useRef<LatestAnswer<string> | null>(null);
  useEffect(() => {
    const a = latestAnswer<string, WhyResponse>(
      60,
      (n) => engine().request<WhyResponse>({ type: 'why', node: n }),
      (n, answer) =>
        setState(
          'value' in answer
            ? { node: n, reports: answer.value.reports, error: null }
            : { node: n, reports: null, error: answer.error.message },
        ),
    );
    asker.current = a;
    return () => {
      a.stop();
      asker.current = null;
    };
  }, []);
  useEffect(() => asker.current?.changed(node), [node, nodeObj, dss, podsHere]);
  return state.node === node ? state : { node, reports: null, error: null };
}

function TolerateFix({ ds, fix }: { ds: DaemonSet; fix: Extract<Fix, { type: 'tolerate' }> }) {
  const { t } = useTranslation('graph');
  const [open, setOpen] = useState(false);
  // the preview's code (the yaml package) fetched while the reader looks at the button
  useEffect(() => void loadPreview().catch(() => undefined), []);
  const text = taintString(fix.taint);
  if (!open) {
    return (
      <button
        type="button"
        className="fix-btn"
        data-testid={`why.fix.${fix.id}`}
        onClick={() => setOpen(true)}
      >
        {t('why.fix.tolerate', { taint: text, ds: ds.metadata.name })}
      </button>
    );
  }
  return (
    <ChunkBoundary what="panel" retry={TolerateFixPreview.retry}>
      <Suspense fallback={null}>
        <TolerateFixPreview ds={ds} fix={fix} onClose={() => setOpen(false)} />
      </Suspense>
    </ChunkBoundary>
  );
}

function Report({ r, node }: { r: WhyData; node: Node | undefined }) {
  const { t, i18n } = useTranslation('graph');
  // The engine's own words are English: in other languages they go to a tooltip, so every line
  // on the panel reads in the page's language.
  const showRaw = !i18n.language.startsWith('en');
  const ds = useStore(
    (s) => s.mirror.get('DaemonSet', `${r.daemonSet.namespace}/${r.daemonSet.name}`) as DaemonSet | undefined,
  );
  // The pods bound to this node only (the per-node index), not the whole Pod map.
  const pods = useStore(selectPodsOnNode(r.node));
  const mine = useMemo(
    () =>
      pods.filter(
        (p) =>
          p.spec.nodeName === r.node &&
          p.metadata.namespace === r.daemonSet.namespace &&
          p.metadata.ownerReferences?.some(
            (o) => o.controller && o.kind === 'DaemonSet' && o.name === r.daemonSet.name,
          ),
      ),
    [pods, r],
  );
  const v = verdict(r);
  const fixes = fixesFor(r, ds, node);
  return (
    <section
      className={`why-report ${r.shouldRun ? 'ok' : 'no'}`}
      data-testid={`why.report.${r.daemonSet.name}`}
    >
      <h4>
        daemonset.apps/{r.daemonSet.name} <span className="muted">({r.daemonSet.namespace})</span>
      </h4>
      <p className="why-verdict" data-testid="why.verdict">
        {r.shouldRun ? '✓ ' : '✗ '}
        {t(v.key, v.params ?? {})}
      </p>
      <RolloutWhy namespace={r.daemonSet.namespace} name={r.daemonSet.name} />
      <p className="why-flags">
        shouldRun: <b>{String(r.shouldRun)}</b>, shouldContinueRunning:{' '}
        <b>{String(r.shouldContinueRunning)}</b>
      </p>
      <p className="why-pods">
        {mine.length
          ? mine.map((p) => (
              <button
                key={p.metadata.name}
                type="button"
                className="link"
                onClick={() => selectPod(p.metadata.namespace ?? '', p.metadata.name)}
              >
                {p.metadata.name}
              </button>
            ))
          : t('why.noPodHere')}
      </p>
      <h5>{t('why.controllerChecks')}</h5>
      <ul className="why-checks">
        {r.checks.map((c, i) => {
          const w = checkWords(c, ds, node);
          return (
            <li
              key={i}
              className={c.passed ? 'pass' : 'fail'}
              data-testid={`why.check.${c.check}`}
              title={showRaw ? c.message : undefined}
            >
              <span className="why-mark" aria-label={c.passed ? t('why.passed') : t('why.failed')}>
                {c.passed ? '✓' : '✗'}
              </span>
              <span className="why-text">
                {w.key === 'why.check.raw' ? c.message : t(w.key, w.params ?? {})}
              </span>
            </li>
          );
        })}
      </ul>
      {fixes.length && ds ? (
        <div className="why-fixes" data-testid="why.fixes">
          <h5>{t('why.fixes')}</h5>
          {fixes.map((f) =>
            f.type === 'tolerate' ? (
              <TolerateFix key={f.id} ds={ds} fix={f} />
            ) : (
              <button
                key={f.id}
                type="button"
                className="fix-btn"
                data-testid={`why.fix.${f.id}`}
                title={f.command}
                onClick={() => void run(f.command)}
              >
                {f.type === 'untaint'
                  ? t('why.fix.untaint', { taint: taintString(f.taint) })
                  : t('why.fix.label', { label: `${f.key}=${f.value}` })}
                <code className="fix-cmd">{f.command}</code>
              </button>
            ),
          )}
        </div>
      ) : null}
      <h5>{t('why.schedulerChecks')}</h5>
      <ul className="why-checks">
        {r.scheduler.map((c) => (
          <li key={c.name} className={c.passed ? 'pass' : 'fail'} title={showRaw ? c.reason : undefined}>
            <span className="why-mark" aria-label={c.passed ? t('why.passed') : t('why.failed')}>
              {c.passed ? '✓' : '✗'}
            </span>
            <span className="why-text">
              <b>{c.name}</b>{' '}
              {showRaw ? (
                <span className="why-sub">
                  {c.passed ? t('why.sched.pass') : t('why.sched.fail', { reason: c.reason })}
                </span>
              ) : (
                <code className="why-raw">{c.reason}</code>
              )}
            </span>
          </li>
        ))}
      </ul>
      {r.decisions.length ? (
        <>
          <h5>{t('why.lastSync')}</h5>
          <ul className="why-decisions">
            {r.decisions.map((d, i) => (
              <li key={i} title={showRaw ? d.reason : undefined}>
                <code>{d.action}</code> {d.pod ? <code>{d.pod}</code> : null}{' '}
                {showRaw ? t(`why.action.${d.action}`, { defaultValue: d.reason }) : d.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export function WhyPanel({ node }: { node: string }) {
  const { t } = useTranslation('graph');
  const nodeObj = useStore((s) => s.mirror.get('Node', `/${node}`) as Node | undefined);
  const { reports, error } = useWhy(node);
  if (!nodeObj) return <p className="muted">{t('inspector.gone')}</p>;
  return (
    <div className="why-panel" data-testid="why-panel">
      <h3>{t('why.title', { node })}</h3>
      <p className="muted">{t('why.intro')}</p>
      {error ? <p className="why-error">{error}</p> : null}
      {reports === null && !error ? <p className="muted">{t('why.loading')}</p> : null}
      {reports && reports.length === 0 ? <p data-testid="why.none">{t('why.noDaemonSets')}</p> : null}
      {reports?.map((r) => (
        <Report key={`${r.daemonSet.namespace}/${r.daemonSet.name}`} r={r} node={nodeObj} />
      ))}
    </div>
  );
}
