/**
 * A map layer as the shell mounts it inside the map view: its code, and MapLibre's, loads with the
 * map rather than with the sign-in page. A failure (its code could not be fetched while the server
 * was unreachable, or it hung for 120 s) hides the layer and tries again, instead of taking the dashboard down.
 */
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from '../lib/lazy-screen';

const RETRY_MS = 5000;

export function lazyMapLayer<Props extends object = object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const loadLayer = () => lazy(() => loadChunk(load).then((Layer) => ({ default: Layer })));
  return function LazyMapLayer(props: Props) {
    const [{ Layer, attempt }, setLoad] = useState<{ Layer: ComponentType<Props>; attempt: number }>(() => ({
      Layer: loadLayer(),
      attempt: 0,
    }));
    return (
      <RetryBoundary key={attempt} onRetry={() => setLoad({ Layer: loadLayer(), attempt: attempt + 1 })}>
        <Suspense fallback={null}>
          <Layer {...props} />
        </Suspense>
      </RetryBoundary>
    );
  };
}

class RetryBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };
  private timer: ReturnType<typeof setTimeout> | null = null;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.timer = setTimeout(this.props.onRetry, RETRY_MS);
  }

  override componentWillUnmount() {
    if (this.timer) clearTimeout(this.timer);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
