import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Thing } from '@flare/core/schemas/thing';
import { makeThing } from '@flare/core/testing/things';
import { holdOrder, RESORT_HOLD_MS, useResortHold } from './use-resort-hold';

const row = (id: string, name = id) => ({ id, name });

describe('holding the list order', () => {
  it('keeps the held rows in place with their new data, drops gone ones and adds new ones after', () => {
    const rows = [row('c', 'C now'), row('a'), row('d'), row('b')];
    expect(holdOrder(['a', 'b', 'c', 'x'], rows)).toEqual([row('a'), row('b'), row('c', 'C now'), row('d')]);
    expect(holdOrder([], rows)).toEqual(rows);
  });
});

const [first, second, third] = [makeThing(), makeThing(), makeThing()];

function List({ rows, filters = 'all' }: { rows: Thing[]; filters?: string }) {
  const { shown, handlers } = useResortHold(rows, filters);
  return (
    <ul aria-label="Assets" {...handlers}>
      {shown.map((thing) => (
        <li key={thing.id}>
          <button>{thing.nickname}</button>
        </li>
      ))}
    </ul>
  );
}

const order = () => screen.getAllByRole('button').map((button) => button.textContent);
const list = () => screen.getByRole('list', { name: 'Assets' });
const names = (things: Thing[]) => things.map((thing) => thing.nickname);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the assets list while the user works in it', () => {
  it('keeps its order while the pointer is over it, and re-sorts 1.5 s after it leaves', () => {
    const view = render(<List rows={[first, second, third]} />);
    fireEvent.pointerEnter(list());
    view.rerender(<List rows={[third, first, second]} />);
    expect(order()).toEqual(names([first, second, third]));
    fireEvent.pointerLeave(list());
    act(() => {
      vi.advanceTimersByTime(RESORT_HOLD_MS - 100);
    });
    expect(order()).toEqual(names([first, second, third]));
    // Back over the list before the hold ran out: still held.
    fireEvent.pointerEnter(list());
    act(() => {
      vi.advanceTimersByTime(RESORT_HOLD_MS);
    });
    expect(order()).toEqual(names([first, second, third]));
    fireEvent.pointerLeave(list());
    act(() => {
      vi.advanceTimersByTime(RESORT_HOLD_MS);
    });
    expect(order()).toEqual(names([third, first, second]));
  });

  it('keeps its order while the keyboard focus is in it, moving between rows included', () => {
    const view = render(
      <>
        <List rows={[first, second, third]} />
        <button>Outside</button>
      </>,
    );
    const [a, b] = screen.getAllByRole('button', { name: /Unit/ });
    act(() => {
      a!.focus();
    });
    view.rerender(
      <>
        <List rows={[third, second, first]} />
        <button>Outside</button>
      </>,
    );
    act(() => {
      b!.focus();
    });
    act(() => {
      vi.advanceTimersByTime(RESORT_HOLD_MS * 2);
    });
    expect(order().slice(0, 3)).toEqual(names([first, second, third]));
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    act(() => {
      vi.advanceTimersByTime(RESORT_HOLD_MS);
    });
    expect(order().slice(0, 3)).toEqual(names([third, second, first]));
  });

  it('shows rows the user asked for (other filters) in their order at once', () => {
    const view = render(<List rows={[first, second, third]} />);
    fireEvent.pointerEnter(list());
    view.rerender(<List rows={[third, second]} filters="search" />);
    expect(order()).toEqual(names([third, second]));
    view.rerender(<List rows={[second, third]} filters="search" />);
    expect(order()).toEqual(names([third, second]));
  });

  it('follows the live order at once when nobody works in it', () => {
    const view = render(<List rows={[first, second, third]} />);
    view.rerender(<List rows={[third, first, second]} />);
    expect(order()).toEqual(names([third, first, second]));
  });
});
