import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeMap } from '../../../map/testing/fake-map';
import { renderInMap } from '../../../map/testing/render-in-map';
import { FOLLOW_EASE_MS, FOLLOW_ENDED_NOTICE_MS, FollowControl } from './follow-control';

const follow = () => screen.getByRole('button', { name: 'Follow' });
const ended = () => screen.queryByText('Follow ended: you moved the map.');

function renderFollow(map: FakeMap, position: [number, number] | null = [-89.65, 39.78]) {
  const view = renderInMap(<FollowControl name="Engine 7" position={position} />, map);
  return {
    moveTo: (next: [number, number] | null) =>
      view.rerender(<FollowControl name="Engine 7" position={next} />),
  };
}

afterEach(() => vi.useRealTimers());

describe('FollowControl', () => {
  it('keeps the asset in the middle of the map as it moves, until pressed again', () => {
    const map = new FakeMap();
    const { moveTo } = renderFollow(map);
    expect(follow().getAttribute('aria-pressed')).toBe('false');
    expect(map.easeTo).not.toHaveBeenCalled();

    fireEvent.click(follow());
    expect(follow().getAttribute('aria-pressed')).toBe('true');
    expect(map.easeTo).toHaveBeenLastCalledWith({ center: [-89.65, 39.78], duration: FOLLOW_EASE_MS });
    moveTo([-89.64, 39.79]);
    expect(map.easeTo).toHaveBeenLastCalledWith({ center: [-89.64, 39.79], duration: FOLLOW_EASE_MS });
    // Zooming is not panning: still following.
    act(() => map.setZoom(14));
    moveTo([-89.63, 39.8]);
    expect(map.easeTo).toHaveBeenCalledTimes(3);

    fireEvent.click(follow());
    moveTo([-89.62, 39.81]);
    expect(map.easeTo).toHaveBeenCalledTimes(3);
    expect(ended()).toBeNull();
  });

  it('ends when the user drags the map, saying so, and the notice goes after a while', () => {
    vi.useFakeTimers();
    const map = new FakeMap();
    const { moveTo } = renderFollow(map);
    fireEvent.click(follow());
    act(() => map.fire('dragstart', { originalEvent: new MouseEvent('mousemove') }));
    expect(follow().getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toContain('Follow ended: you moved the map.');
    moveTo([-89.64, 39.79]);
    expect(map.easeTo).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(FOLLOW_ENDED_NOTICE_MS);
    });
    expect(ended()).toBeNull();
  });

  it('keeps following through a pinch whose midpoint drifts, not through a one-finger drag', () => {
    const map = new FakeMap();
    const { moveTo } = renderFollow(map);
    fireEvent.click(follow());
    // What MapLibre passes with 'dragstart' for touch: the touchmove that moved the touches' centroid.
    const touchMove = (fingers: number) => ({
      originalEvent: new TouchEvent('touchmove', {
        touches: Array.from(
          { length: fingers },
          (_, identifier) =>
            new Touch({ identifier, target: map.getCanvas(), clientX: 100 + 50 * identifier }),
        ),
      }),
    });
    act(() => {
      map.fire('dragstart', touchMove(2));
      map.setZoom(15);
    });
    expect(follow().getAttribute('aria-pressed')).toBe('true');
    expect(ended()).toBeNull();
    moveTo([-89.64, 39.79]);
    expect(map.easeTo).toHaveBeenLastCalledWith({ center: [-89.64, 39.79], duration: FOLLOW_EASE_MS });

    act(() => map.fire('dragstart', touchMove(1)));
    expect(follow().getAttribute('aria-pressed')).toBe('false');
    expect(ended()).not.toBeNull();
  });

  it('ends when the user pans with the arrow keys on the map, not with other keys', () => {
    const map = new FakeMap();
    renderFollow(map);
    fireEvent.click(follow());
    fireEvent.keyDown(map.getCanvas(), { key: '+' });
    expect(follow().getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(map.getCanvas(), { key: 'ArrowLeft' });
    expect(follow().getAttribute('aria-pressed')).toBe('false');
    expect(ended()).not.toBeNull();
    // Following again clears the notice.
    fireEvent.click(follow());
    expect(ended()).toBeNull();
  });

  it('cannot follow an asset without a position', () => {
    renderFollow(new FakeMap(), null);
    expect((follow() as HTMLButtonElement).disabled).toBe(true);
  });
});
