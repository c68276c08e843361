// "Click the nodes that will get a pod": the learner picks nodes — on the graph (selecting a node
// card toggles it) or with the buttons here — and locks the guess in; once the step has run, the nodes
// that really hold a pod of the DaemonSet are the answer.

import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DaemonSet, Node, Pod } from '../../engine';
import { nodesWithDaemonPod } from '../../lessons/nodeQuestion';
import { textIn, type Question } from '../../lessons/types';
import { lockNodes, nodesResult, useLessonProgress } from '../../state/lessonProgress';
import { useStore } from '../../state/store';
import { LessonInline, LessonText } from './LessonText';

export function NodeQuestionBox({
  question: q,
  index,
  lang,
}: {
  question: Question;
  index: number;
  lang: string;
}) {
  const { t } = useTranslation(['common', 'lessons']);
  const p = useLessonProgress((s) => s.steps[index]);
  const nodes = useStore((s) => s.objects.Node);
  const nodeNames = useMemo(
    () => (Object.values(nodes) as Node[]).map((n) => n.metadata.name).sort(),
    [nodes],
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const locked = p?.pickedNodes ?? null;
  const revealed = !!p?.revealed;
  const open = !locked && !revealed;
  const toggle = (n: string) => setChosen((c) => (c.includes(n) ? c.filter((x) => x !== n) : [...c, n]));

  // selecting a node on the graph toggles it while the guess is open
  useEffect(() => {
    if (!open) return;
    return useStore.subscribe((s, prev) => {
      if (s.selection !== prev.selection && s.selection?.kind === 'Node') toggle(s.selection.name);
    });
  }, [open]);

  // once the step has run, the engine answers
  const ran = !!p?.ran;
  useEffect(() => {
    if (!ran || revealed || !q.nodes) return;
    const s = useStore.getState();
    const actual = nodesWithDaemonPod(
      q.nodes,
      Object.values(s.objects.DaemonSet) as DaemonSet[],
      Object.values(s.objects.Pod) as Pod[],
    );
    nodesResult(index, actual ?? []);
  }, [ran, revealed, q.nodes, index]);

  const actual = p?.actualNodes ?? [];
  const picked = locked ?? chosen;
  return (
    <fieldset className="lesson-question lesson-node-question" data-testid="lesson-question">
      <legend>
        {t('lesson.predict')} <LessonInline text={textIn(q.prompt, lang)} />{' '}
        <span className="lesson-muted">{t('lessons:pickNodes')}</span>
      </legend>
      <div className="lesson-node-picks" role="group" aria-label={t('lessons:pickNodes')}>
        {nodeNames.map((n) => {
          const mark = revealed
            ? actual.includes(n)
              ? picked.includes(n) || !locked
                ? 'right'
                : 'missed'
              : picked.includes(n) && locked
                ? 'wrong'
                : ''
            : '';
          return (
            <button
              key={n}
              type="button"
              className={`lesson-node-pick ${mark}`}
              aria-pressed={picked.includes(n)}
              disabled={!open}
              data-testid={`lesson-pick-node.${n}`}
              onClick={() => toggle(n)}
            >
              {n}
            </button>
          );
        })}
      </div>
      {revealed ? (
        <div className="lesson-explanation" role="status" data-testid="lesson-node-result">
          <strong>
            {p?.correct === true ? t('lesson.right') : p?.correct === false ? t('lesson.notQuite') : ''}{' '}
            {t('lessons:gotPods', { nodes: actual.join(', ') || '—' })}
          </strong>{' '}
          {q.explanation ? (
            <LessonText text={textIn(q.explanation, lang)} className="lesson-explanation-text" />
          ) : null}
        </div>
      ) : locked ? (
        <span className="lesson-muted" data-testid="lesson-locked">
          {t('lessons:locked')}
        </span>
      ) : (
        <button type="button" onClick={() => lockNodes(index, chosen)} data-testid="lesson-check">
          {t('lessons:lockIn')}
        </button>
      )}
    </fieldset>
  );
}
