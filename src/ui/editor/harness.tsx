// Dev-only harness: the YAML editor and the diff view on their own page, as the lead will wire them
// (React.lazy + Suspense), so e2e/editor.spec.ts can drive them before the page integrates them.
// Query: ?theme=dark, ?lang=zh-CN, ?diff=1 (also show the diff view).

import { lazy, StrictMode, Suspense, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../../i18n';
import { ARTICLE_YAML, DEPLOYMENT_YAML, MINIMAL_YAML, NODE_YAML } from '../../engine/testing';
import { locateField, yamlSyntaxMarkers } from '../../state/locate';
import type { EditorMarker } from '../../state/editorMarkers';

const YamlEditor = lazy(() => import('./YamlEditor'));
const DiffView = lazy(() => import('./DiffView'));

const params = new URLSearchParams(location.search);
void initI18n();

const TEMPLATE = `metadata:
  labels:
    name: fluentd-elasticsearch
spec:
  containers:
  - name: fluentd-elasticsearch
    image: k8s.gcr.io/fluentd-elasticsearch:1.20
  tolerations:
  - key: node-role.kubernetes.io/master
    effect: NoSchedule
`;

const POD = `metadata:
  labels:
    controller-revision-hash: 7c79f6d99f
    name: fluentd-elasticsearch
    pod-template-generation: "1"
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchFields:
          - key: metadata.name
            operator: In
            values:
            - node-1
  containers:
  - name: fluentd-elasticsearch
    image: k8s.gcr.io/fluentd-elasticsearch:1.20
  tolerations:
  - key: node-role.kubernetes.io/master
    effect: NoSchedule
  - key: node.kubernetes.io/not-ready
    operator: Exists
    effect: NoExecute
  - key: node.kubernetes.io/unreachable
    operator: Exists
    effect: NoExecute
`;

/** What the engine would say about the article manifest, placed with locateField. */
function engineMarkers(text: string): EditorMarker[] {
  const out: EditorMarker[] = [];
  const image = locateField(text, 0, 'spec.template.spec.containers[0].image');
  if (image) {
    out.push({
      ...image,
      severity: 'error',
      message:
        'spec.template.spec.containers[0].image: Invalid value: "k8s.gcr.io/fluentd-elasticsearch:1.20": engine says no',
    });
  }
  const name = locateField(text, 0, 'metadata.name');
  if (name) out.push({ ...name, severity: 'warning', message: 'metadata.name: engine warning' });
  return [...out, ...yamlSyntaxMarkers(text)];
}

function Harness() {
  const [value, setValue] = useState(ARTICLE_YAML);
  const [changes, setChanges] = useState(0);
  const [applied, setApplied] = useState(0);
  const [markers, setMarkers] = useState<EditorMarker[]>([]);
  const [theme, setTheme] = useState<'light' | 'dark'>(params.get('theme') === 'dark' ? 'dark' : 'light');
  const [readOnly, setReadOnly] = useState(false);
  const onChange = useCallback((v: string) => {
    setValue(v);
    setChanges((n) => n + 1);
  }, []);
  const onApply = useCallback(() => setApplied((n) => n + 1), []);
  const dark = theme === 'dark';

  return (
    <div
      style={{
        display: 'grid',
        alignContent: 'start',
        gap: 8,
        padding: 12,
        minHeight: '100vh',
        boxSizing: 'border-box',
        fontFamily: 'system-ui, sans-serif',
        fontSize: 14,
        background: dark ? '#16181c' : '#f6f7f9',
        color: dark ? '#e6e8eb' : '#1b1f24',
        colorScheme: theme,
      }}
    >
      <h1 style={{ margin: 0, fontSize: 16 }}>Editor harness</h1>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        <button type="button" onClick={() => setMarkers(engineMarkers(value))}>
          Set engine markers
        </button>
        <button type="button" onClick={() => setMarkers([])}>
          Clear markers
        </button>
        <button type="button" onClick={() => setValue(`${ARTICLE_YAML}---\n${NODE_YAML}`)}>
          Load DaemonSet + Node
        </button>
        <button type="button" onClick={() => setValue(MINIMAL_YAML)}>
          Load minimal DaemonSet
        </button>
        <button type="button" onClick={() => setValue(DEPLOYMENT_YAML)}>
          Load Deployment
        </button>
        <button type="button" onClick={() => setTheme(dark ? 'light' : 'dark')}>
          Toggle theme
        </button>
        <label>
          <input type="checkbox" checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} />{' '}
          read-only
        </label>
        <span data-testid="apply-count">applied: {applied}</span>
        <span data-testid="change-count">changes: {changes}</span>
      </div>
      <div style={{ height: 460 }}>
        <Suspense fallback={<div>loading chunk…</div>}>
          <YamlEditor
            value={value}
            onChange={onChange}
            onApply={onApply}
            markers={markers}
            theme={theme}
            readOnly={readOnly}
            ariaLabel="DaemonSet manifest"
          />
        </Suspense>
      </div>
      {params.get('diff') === '1' && (
        <div style={{ height: 420 }}>
          <Suspense fallback={<div>loading chunk…</div>}>
            <DiffView
              original={TEMPLATE}
              modified={POD}
              originalLabel="DaemonSet fluentd-elasticsearch: spec.template"
              modifiedLabel="Pod fluentd-elasticsearch-5hb9x"
              theme={theme}
            />
          </Suspense>
        </div>
      )}
      <details>
        <summary>value</summary>
        <pre data-testid="value">{value}</pre>
      </details>
    </div>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
