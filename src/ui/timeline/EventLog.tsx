// The event log: the cluster's Event objects newest first (as `kubectl get events` shows them), and the
// controllers' work items ("Controller" tab) with what each did and why. Filter by text, by kind, or by
// one object (click its name); click a row to select its object in the graph.

import { memo, useCallback, useDeferredValue, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useVirtualRows, type RowProps } from './useVirtualRows';
import { useTranslation } from 'react-i18next';
import type { KEvent, Kind, StepRecord } from '../../engine';
import { useStore } from '../../state/store';
import { useThrottledStore } from '../../state/useThrottledStore';
import { selectSelection, selectStart, selectSteps } from '../../state/selectors';
import {
  eventObject,
  filterEvents,
  splitTail,
  filterSteps,
  lastSeen,
  NO_FILTER,
  objectLabel,
  sameObject,
  stepObject,
  createEventSorter,
  type LogFilter,
  type ObjectRef,
} from './eventRows';
import { formatOffset, formatStamp } from '../../state/timeFormat';
import './timeline.css';

type Tab = 'events' | 'controller';

const KINDS: Kind[] = ['DaemonSet', 'Pod', 'Node', 'ControllerRevision'];

const LOG_UPDATE_MS = 400;
/** A row's height before it is measured (px): one line of 12 px text with its padding. */
const ROW_ESTIMATE = 21;
const selectEventsVersion = (s: { eventsVersion: number }) => s.eventsVersion;
/** the log before its first sort (the render after the first commit does it) */
const NOT_SORTED: readonly KEvent[] = [];

const selectNowSecond = (s: { now: number }) => Math.floor(s.now / 1000) * 1000;

/** Stable React keys for step records (the store's array is capped, so indices move). */
const stepIds = new WeakMap<StepRecord, number>();
let nextStepId = 1;
function stepKey(r: StepRecord): number {
  let k = stepIds.get(r);
  if (k === undefined) {
    k = nextStepId++;
    stepIds.set(r, k);
  }
  return k;
}

function selectObject(o: ObjectRef | null) {
  if (o) useStore.getState().select({ kind: o.kind, namespace: o.namespace, name: o.name });
}

function onRowKey(e: KeyboardEvent<HTMLTableRowElement>, o: ObjectRef | null) {
  if (e.target !== e.currentTarget) return;
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    selectObject(o);
  }
}

export default function EventLog() {
  const { t } = useTranslation('timeline');
  const id = useId();
  const [tab, setTab] = useState<Tab>('events');
  const [filter, setFilter] = useState<LogFilter>(NO_FILTER);
  // At most a few updates a second: a large cluster's Events change with every batch.
  const eventsVersion = useThrottledStore(selectEventsVersion, LOG_UPDATE_MS);
  const steps = useThrottledStore(selectSteps, LOG_UPDATE_MS);
  // LAST SEEN moves with the simulated clock (60 times a second at 60x): once a second of wall time is
  // enough to read it, and each change re-lays out the whole table.
  const now = useThrottledStore(selectNowSecond, 1000);
  const start = useStore(selectStart);
  const selection = useStore(selectSelection);
  const text = useDeferredValue(filter.text);
  const effective = useMemo(() => ({ ...filter, text }), [filter, text]);

  // Read from the mirror's own Map (no record of every Event made), sorted as they change. The first
  // sort is not part of the page's first commit (a share link's thousands of Events, in the task that
  // draws the whole page): the first render shows none, and React renders them right after (-1: none yet).
  const sortedVersion = useDeferredValue(eventsVersion, -1);
  const [sorter] = useState(createEventSorter);
  const sorted = useMemo(
    () =>
      sortedVersion < 0
        ? NOT_SORTED
        : sorter(useStore.getState().mirror.maps.get('Event')!.values() as Iterable<KEvent>),
    [sorter, sortedVersion],
  );
  const eventPage = useMemo(
    () => (tab === 'events' ? filterEvents(sorted, effective) : null),
    [tab, sorted, effective],
  );
  const stepPage = useMemo(
    () => (tab === 'controller' ? filterSteps(steps, effective) : null),
    [tab, steps, effective],
  );
  // Only the rows in view are drawn (the table holds thousands in a large cluster).
  const keys = useMemo<readonly (string | number)[]>(
    () =>
      eventPage ? eventPage.rows.map((e) => e.metadata.name) : stepPage ? stepPage.rows.map(stepKey) : [],
    [eventPage, stepPage],
  );
  const v = useVirtualRows(keys, ROW_ESTIMATE);

  const filterTo = useCallback((o: ObjectRef) => {
    setFilter((f) => ({ ...f, object: o }));
    selectObject(o);
  }, []);

  const page = eventPage ?? stepPage;
  const labels = useMemo<RowLabels>(
    () => ({
      rowHint: t('log.rowHint'),
      filterToObject: t('log.filterToObject'),
      nothingDone: t('log.nothingDone'),
    }),
    [t],
  );
  const selected: ObjectRef | null = selection
    ? { kind: selection.kind, namespace: selection.namespace, name: selection.name }
    : null;
  const filtering = filter.text !== '' || filter.kind !== '' || filter.object !== null;

  return (
    <div className="event-log" data-testid="event-log">
      <div className="event-tabs" role="tablist" aria-label={t('log.tabsLabel')}>
        {(['events', 'controller'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`${id}-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`${id}-panel`}
            tabIndex={tab === k ? 0 : -1}
            className={tab === k ? 'active' : ''}
            onClick={() => setTab(k)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const next = k === 'events' ? 'controller' : 'events';
                setTab(next);
                document.getElementById(`${id}-tab-${next}`)?.focus();
              }
            }}
            data-testid={`log-tab-${k}`}
          >
            {t(`log.tab.${k}`)}
          </button>
        ))}
      </div>
      <div className="event-filters nokey">
        <label className="event-filter-text">
          <span className="sr-only">{t('log.filterLabel')}</span>
          <input
            type="search"
            value={filter.text}
            placeholder={t('log.filterPlaceholder')}
            onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))}
            spellCheck={false}
            autoComplete="off"
            data-testid="log-filter"
          />
        </label>
        <label className="event-filter-kind">
          <span className="sr-only">{t('log.kindLabel')}</span>
          <select
            value={filter.kind}
            onChange={(e) => setFilter((f) => ({ ...f, kind: e.target.value as Kind | '' }))}
            data-testid="log-kind"
          >
            <option value="">{t('log.allKinds')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        {filter.object ? (
          <span className="chip filter-chip" data-testid="filter-chip">
            <span className="chip-label">{t('log.objectFilter')}</span> {objectLabel(filter.object)}
            <button
              type="button"
              className="chip-x"
              aria-label={t('log.clearObjectFilter')}
              onClick={() => setFilter((f) => ({ ...f, object: null }))}
            >
              ×
            </button>
          </span>
        ) : null}
        {selected && !sameObject(selected, filter.object) ? (
          <span className="chip selection-chip" data-testid="selection-chip">
            <span className="chip-label">{t('log.selected')}</span> {objectLabel(selected)}
            <button type="button" className="linkish" onClick={() => filterTo(selected)}>
              {t('log.filterToSelected')}
            </button>
            <button
              type="button"
              className="chip-x"
              aria-label={t('log.clearSelection')}
              onClick={() => useStore.getState().select(null)}
            >
              ×
            </button>
          </span>
        ) : null}
        {filtering ? (
          <button
            type="button"
            className="linkish"
            onClick={() => setFilter(NO_FILTER)}
            data-testid="log-clear-filters"
          >
            {t('log.clearFilters')}
          </button>
        ) : null}
      </div>
      <div
        className="event-table-wrap"
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        ref={v.wrapRef}
      >
        {tab === 'events' && eventPage ? (
          <table
            className="event-table"
            role="table"
            aria-label={t('log.tab.events')}
            aria-rowcount={eventPage.rows.length + 1}
            data-testid="event-table"
          >
            <thead role="rowgroup" ref={v.headRef}>
              <tr role="row" aria-rowindex={1}>
                <th scope="col" role="columnheader">
                  {t('log.col.lastSeen')}
                </th>
                <th scope="col" role="columnheader">
                  {t('log.col.type')}
                </th>
                <th scope="col" role="columnheader">
                  {t('log.col.reason')}
                </th>
                <th scope="col" role="columnheader">
                  {t('log.col.object')}
                </th>
                <th scope="col" role="columnheader" className="col-message">
                  {t('log.col.message')}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup" {...v.bodyProps}>
              {v.body.map((sl) => {
                if ('gap' in sl) return <Spacer key={`gap-${sl.from}`} height={sl.gap} />;
                const e = eventPage.rows[sl.row];
                return (
                  <EventRow
                    key={e.metadata.name}
                    e={e}
                    now={now}
                    selected={sameObject(eventObject(e), selected)}
                    onFilter={filterTo}
                    labels={labels}
                    {...v.rowProps(sl.row)}
                  />
                );
              })}
            </tbody>
          </table>
        ) : null}
        {tab === 'controller' && stepPage ? (
          <table
            className="event-table"
            role="table"
            aria-label={t('log.tab.controller')}
            aria-rowcount={stepPage.rows.length + 1}
            data-testid="step-table"
          >
            <thead role="rowgroup" ref={v.headRef}>
              <tr role="row" aria-rowindex={1}>
                <th scope="col" role="columnheader">
                  {t('log.col.time')}
                </th>
                <th scope="col" role="columnheader">
                  {t('log.col.controller')}
                </th>
                <th scope="col" role="columnheader">
                  {t('log.col.object')}
                </th>
                <th scope="col" role="columnheader" className="col-why">
                  {t('log.col.why')}
                </th>
                <th scope="col" role="columnheader" className="col-result">
                  {t('log.col.result')}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup" {...v.bodyProps}>
              {v.body.map((sl) => {
                if ('gap' in sl) return <Spacer key={`gap-${sl.from}`} height={sl.gap} />;
                const r = stepPage.rows[sl.row];
                return (
                  <StepRow
                    key={stepKey(r)}
                    r={r}
                    start={start}
                    selected={sameObject(stepObject(r), selected)}
                    onFilter={filterTo}
                    labels={labels}
                    {...v.rowProps(sl.row)}
                  />
                );
              })}
            </tbody>
          </table>
        ) : null}
        {page && page.total === 0 && !(tab === 'events' && sorted === NOT_SORTED) ? (
          <p className="event-empty" data-testid="log-empty">
            {filtering ? t('log.noMatch') : tab === 'events' ? t('log.noEvents') : t('log.noSteps')}
          </p>
        ) : null}
      </div>
      {page && page.total > 0 ? (
        <div className="event-footer" data-testid="log-count">
          {page.total > page.rows.length
            ? t('log.showingNewest', { shown: page.rows.length, count: page.total })
            : t(tab === 'events' ? 'log.countEvents' : 'log.countSteps', { count: page.total })}
        </div>
      ) : null}
    </div>
  );
}

/** An object name that, when too long, is shortened in the middle and keeps its end. */
function ObjectText({ text }: { text: string }) {
  const [head, tail] = splitTail(text);
  return (
    <>
      <span className="ol-head">{head}</span>
      <span className="ol-tail">{tail}</span>
    </>
  );
}

/** Stands in for the rows not drawn (their height, so the scroll bar is the table's). */
function Spacer({ height }: { height: number }) {
  return (
    <tr className="vspacer" aria-hidden="true" style={{ height }}>
      <td colSpan={5} />
    </tr>
  );
}

/** Translated strings the rows need (rows take no hooks: there may be hundreds of them). */
interface RowLabels {
  rowHint: string;
  filterToObject: string;
  nothingDone: string;
}

interface EventRowProps extends RowProps {
  e: KEvent;
  now: number;
  selected: boolean;
  onFilter: (o: ObjectRef) => void;
  labels: RowLabels;
}

const EventRow = memo(function EventRow({
  e,
  now,
  selected,
  onFilter,
  labels,
  rowRef,
  tabIndex,
  rowIndex,
  index,
}: EventRowProps) {
  const o = eventObject(e);
  const warning = e.type === 'Warning';
  return (
    <tr
      role="row"
      className={`${warning ? 'warning' : 'normal'}${selected ? ' selected' : ''}`}
      ref={rowRef}
      tabIndex={tabIndex}
      aria-rowindex={rowIndex}
      data-index={index}
      onClick={() => selectObject(o)}
      onKeyDown={(ev) => onRowKey(ev, o)}
      title={labels.rowHint}
      data-reason={e.reason}
      data-testid="event-row"
    >
      <td role="cell" className="nowrap last-seen">
        {lastSeen(e, now)}
      </td>
      <td role="cell" className="nowrap event-type">
        {warning ? (
          <>
            <span className="warn-icon" aria-hidden="true">
              ⚠
            </span>{' '}
            <strong>{e.type}</strong>
          </>
        ) : (
          <span className="muted">{e.type}</span>
        )}
      </td>
      <td role="cell" className="nowrap">
        {e.reason}
      </td>
      <td role="cell" className="nowrap">
        <button
          type="button"
          className="object-link"
          tabIndex={tabIndex}
          title={`${objectLabel(o)}${o.namespace ? ` (${o.namespace})` : ''} — ${labels.filterToObject}`}
          onClick={(ev) => {
            ev.stopPropagation();
            onFilter(o);
          }}
          aria-label={objectLabel(o)}
        >
          <ObjectText text={objectLabel(o)} />
        </button>
      </td>
      <td role="cell" className="event-message">
        {e.message}
      </td>
    </tr>
  );
});

interface StepRowProps extends RowProps {
  r: StepRecord;
  start: number;
  selected: boolean;
  onFilter: (o: ObjectRef) => void;
  labels: RowLabels;
}

const StepRow = memo(function StepRow({
  r,
  start,
  selected,
  onFilter,
  labels,
  rowRef,
  tabIndex,
  rowIndex,
  index,
}: StepRowProps) {
  const o = stepObject(r);
  return (
    <tr
      role="row"
      className={`normal${selected ? ' selected' : ''}`}
      ref={rowRef}
      tabIndex={tabIndex}
      aria-rowindex={rowIndex}
      data-index={index}
      onClick={() => selectObject(o)}
      onKeyDown={(ev) => onRowKey(ev, o)}
      data-testid="step-row"
    >
      <td role="cell" className="nowrap mono" title={formatOffset(r.time - start)}>
        {formatStamp(r.time)}
      </td>
      <td role="cell" className="nowrap">
        {r.controller}
      </td>
      <td role="cell" className="nowrap">
        {o ? (
          <button
            type="button"
            className="object-link"
            tabIndex={tabIndex}
            title={`${r.key} — ${labels.filterToObject}`}
            onClick={(ev) => {
              ev.stopPropagation();
              onFilter(o);
            }}
            aria-label={r.key}
          >
            <ObjectText text={r.key} />
          </button>
        ) : (
          r.key
        )}
      </td>
      <td role="cell" className="step-why">
        {r.reason}
      </td>
      <td role="cell" className="step-result">
        {r.result || <span className="muted">{labels.nothingDone}</span>}
      </td>
    </tr>
  );
});
