import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MapBottomCover } from './map-bottom-cover';
import { FakeMap } from './testing/fake-map';
import { renderInMap } from './testing/render-in-map';

/** A fake map whose container is `height` pixels high (jsdom lays nothing out). */
function mapOfHeight(height: number): FakeMap & { resizeTo(height: number): void } {
  const map = new FakeMap();
  let current = height;
  Object.defineProperty(map.container, 'clientHeight', { get: () => current });
  return Object.assign(map, {
    resizeTo(next: number) {
      current = next;
      act(() => map.fire('resize'));
    },
  });
}

describe('MapBottomCover', () => {
  it('pads the covered part of the map out of its centre, following its height, and lets go', () => {
    const map = mapOfHeight(680);
    map.padding = { top: 5, bottom: 0, left: 7, right: 0 };
    const view = renderInMap(<MapBottomCover fraction={0.55} />, map);
    expect(map.padding).toEqual({ top: 5, bottom: 374, left: 7, right: 0 });

    map.resizeTo(400);
    expect(map.padding.bottom).toBe(220);
    // Nothing else moves it: no jump at all.
    map.fire('resize');
    expect(map.setPadding).toHaveBeenCalledTimes(2);

    view.rerender(<MapBottomCover fraction={0} />);
    expect(map.padding).toEqual({ top: 5, bottom: 0, left: 7, right: 0 });
    map.resizeTo(680);
    expect(map.padding.bottom).toBe(0);
  });

  it('leaves an uncovered map alone', () => {
    const map = mapOfHeight(680);
    renderInMap(<MapBottomCover fraction={0} />, map);
    map.resizeTo(500);
    expect(map.setPadding).not.toHaveBeenCalled();
  });
});
