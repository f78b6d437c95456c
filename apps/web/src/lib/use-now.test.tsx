import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportLiveFeedDown } from './connection';
import { useLiveNow, useLiveTime, useNow } from './use-now';

const START = Date.UTC(2026, 10, 22, 14, 18, 0);

function Clocks() {
  const now = useNow();
  const live = useLiveNow();
  const seconds = useLiveTime((time) => Math.floor((time - START) / 1000));
  return (
    <>
      <p>now {now - START}</p>
      <p>live {live - START}</p>
      <p>seconds {seconds}</p>
    </>
  );
}

beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => {
  act(() => reportLiveFeedDown(false));
  vi.useRealTimers();
});

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('the shared clocks', () => {
  it('tick every second on one timer, however many screens read them', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    render(
      <>
        <Clocks />
        <Clocks />
      </>,
    );
    expect(setInterval).toHaveBeenCalledTimes(1);
    tick(2000);
    expect(screen.getAllByText('seconds 2')).toHaveLength(2);
    expect(screen.getAllByText('now 2000')).toHaveLength(2);
  });

  it('stop the live time while the connection is down, from the moment it went down, and resume', () => {
    render(<Clocks />);
    tick(3000);
    act(() => reportLiveFeedDown(true));
    tick(5000);
    expect(screen.getByText('now 8000')).toBeTruthy();
    expect(screen.getByText('live 3000')).toBeTruthy();
    expect(screen.getByText('seconds 3')).toBeTruthy();
    act(() => reportLiveFeedDown(false));
    tick(1000);
    expect(screen.getByText('live 9000')).toBeTruthy();
    expect(screen.getByText('seconds 9')).toBeTruthy();
  });

  it('render a reader of the live time again only when what it reads changes', () => {
    let renders = 0;
    function Minutes() {
      return <p>{useLiveTime((time) => Math.floor((time - START) / 60_000))}</p>;
    }
    render(
      <Profiler id="minutes" onRender={() => (renders += 1)}>
        <Minutes />
      </Profiler>,
    );
    const first = renders;
    tick(59_000);
    expect(renders).toBe(first);
    tick(1000);
    expect(renders).toBe(first + 1);
  });
});
