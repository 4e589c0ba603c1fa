import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

interface OptionalPartProps {
  /** Loads the part's code; module-level, so the same function on every render. */
  load: Loader;
  /** When this changes after a failure (the next navigation), the part is loaded again. */
  retryKey: string;
}

/**
 * A part of the page loaded after the first screen that the page can do without (the pickup
 * confirmation listener). While its code loads, and if it cannot be fetched (offline before the
 * service worker saved it) or fails while rendering, the page goes on without it, and it is tried
 * again on the next navigation. Without this, one such failure would take the whole layout down to
 * the root error page.
 */
export function OptionalPart({ load, retryKey }: OptionalPartProps) {
  // `lazy` keeps a failed load for good, so each attempt is its own lazy component.
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what makes a new lazy
  const Part = useMemo(() => lazy(load), [load, attempt]);
  return (
    <PartBoundary retryKey={retryKey} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    </PartBoundary>
  );
}

interface BoundaryProps {
  retryKey: string;
  onRetry: () => void;
  children: ReactNode;
}

class PartBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('A deferred part of the page is not available; the page goes on without it.', error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.retryKey !== this.props.retryKey) {
      this.props.onRetry();
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
