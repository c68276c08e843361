// A panel whose code comes in a chunk of its own (React.lazy) and whose chunk did not load — the
// network dropped it, a phone lost its signal — fails alone: the panel says so and offers Retry, the
// rest of the page keeps working (issue 24). Without it the rejected import reached the root and React
// unmounted the whole page (the graph never drew). React.lazy keeps a rejected import for good, so a
// retry needs a new lazy component: `retryableLazy` makes one per attempt, and the boundary asks for it.
//
// Usage: const YamlEditor = retryableLazy(() => import('../editor/YamlEditor'));
//        <ChunkBoundary what="editor" retry={YamlEditor.retry} fallback={preview}>…<YamlEditor …/>…</ChunkBoundary>

import {
  Component,
  lazy,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { loadAgain } from './chunkRetry';

// oxlint-disable-next-line typescript/no-explicit-any -- React.lazy's own bound (any component)
type AnyComponent = ComponentType<any>;

export interface RetryableLazy<C extends AnyComponent> {
  (props: ComponentProps<C>): ReactNode;
  /** forgets a failed import: the next render imports again */
  retry(): void;
}

/**
 * React.lazy, with a `retry` that lets a failed import be tried again (a fresh lazy component that
 * loads the chunk again, under a new address where the browser kept the failure: chunkRetry.ts).
 * `load` is a plain `import()` of a module whose default export is the component.
 */
export function retryableLazy<C extends AnyComponent>(load: () => Promise<{ default: C }>): RetryableLazy<C> {
  let current: LazyExoticComponent<C> = lazy(load);
  let attempts = 0;
  const Loaded = ((props: ComponentProps<C>) => {
    const Current = current as AnyComponent;
    return <Current {...props} />;
  }) as RetryableLazy<C>;
  Loaded.retry = () => {
    const attempt = ++attempts;
    current = lazy(() => loadAgain(load, attempt));
  };
  return Loaded;
}

/** Which panel (the message names it): keys under `chunkError` in the common namespace. */
export type ChunkPanel = 'editor' | 'graph' | 'panel';

export interface ChunkBoundaryProps {
  what: ChunkPanel;
  /**
   * Forgets the failed import (retryableLazy's `retry`, or a loader's own cache). None for a chunk
   * other chunks import from (the graph's: the action menu's and the fix preview's chunks import it by
   * its address): loaded again under another address it would be a second copy, and those imports
   * would still ask for the failed one — only a reload is offered, no Retry.
   */
  retry?: () => void;
  /** shown under the message (the editor's read-only preview: its text stays on screen) */
  fallback?: ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** bumped by Retry: the children mount afresh */
  attempt: number;
}

export class ChunkBoundary extends Component<ChunkBoundaryProps, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    // still said in the console (a reader of a bug report sees which chunk), not thrown to the root
    console.warn('[chunk]', this.props.what, error);
  }

  private readonly onRetry = () => {
    this.props.retry?.();
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.error === null) return <Attempt key={this.state.attempt}>{this.props.children}</Attempt>;
    return (
      <ChunkError
        what={this.props.what}
        onRetry={this.props.retry ? this.onRetry : null}
        retried={this.state.attempt > 0}
        fallback={this.props.fallback}
      />
    );
  }
}

function Attempt({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/**
 * A retry that failed again may be a chunk the panel's own imports: the browser keeps one whose fetch
 * failed for the life of the page, and a panel asked for under a new address still imports it under
 * its own (chunkRetry.ts). Only a reload asks for it again, so that is offered beside Retry.
 */
function ChunkError({
  what,
  onRetry,
  retried,
  fallback,
}: {
  what: ChunkPanel;
  /** null: no Retry, a reload only */
  onRetry: (() => void) | null;
  retried: boolean;
  fallback?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <div className="chunk-error" role="alert" data-testid="chunk-error" data-panel={what}>
        <span>{t(`chunkError.${what}`)}</span>
        {onRetry && (
          <button type="button" onClick={onRetry} data-testid="chunk-retry">
            {t('chunkError.retry')}
          </button>
        )}
        {onRetry && retried && <span>{t('chunkError.stillLost')}</span>}
        {(!onRetry || retried) && (
          <button type="button" onClick={() => location.reload()} data-testid="chunk-reload">
            {t('chunkError.reload')}
          </button>
        )}
      </div>
      {fallback}
    </>
  );
}
