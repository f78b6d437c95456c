import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeThing } from '@flare/core/testing/things';
import { STACK_LIST_MAX, stackListElement } from './things-stack-list';

const context = { now: Date.now(), respondersType: 'all' as const, countryCode: 'US' };

function open(things: ReturnType<typeof makeThing>[], extra: { onZoomIn?: () => void } = {}) {
  const onChoose = vi.fn();
  const onClose = vi.fn();
  const element = stackListElement(things, { ...context, onChoose, onClose, ...extra });
  document.body.append(element);
  return { element, view: within(element), onChoose, onClose };
}

describe('the list of overlapping assets', () => {
  it('names each asset in full with its status, and chooses one', () => {
    const engine = makeThing({ nickname: 'Engine 7', status: 'active_location' });
    const ambulance = makeThing({ nickname: 'Ambulance Northside 12', status: 'active' });
    const spare = makeThing({ nickname: 'Spare', status: 'standby', in_service: false });
    const { element, view, onChoose } = open([engine, ambulance, spare]);

    expect(within(document.body).getByRole('dialog', { name: '3 assets here' })).toBe(element);
    const buttons = within(view.getByRole('list', { name: '3 assets here' })).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Engine 7 On-Scene',
      'Ambulance Northside 12 Responding',
      'Spare | OOS Out-of-service',
    ]);
    expect(buttons.map((button) => button.title)).toEqual(['Engine 7', 'Ambulance Northside 12', 'Spare']);
    fireEvent.click(buttons[1]!);
    expect(onChoose).toHaveBeenCalledWith(ambulance.id);
    expect(view.queryByRole('button', { name: 'Zoom in to spread them' })).toBeNull();
    element.remove();
  });

  it('closes on Escape, offers zooming in when given, and lists long stacks up to a limit', () => {
    const onZoomIn = vi.fn();
    const many = Array.from({ length: STACK_LIST_MAX + 5 }, (_, i) => makeThing({ nickname: `Unit ${i}` }));
    const { element, view, onClose } = open(many, { onZoomIn });
    expect(view.getAllByRole('listitem')).toHaveLength(STACK_LIST_MAX);
    expect(view.getByText('and 5 more')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Zoom in to spread them' }));
    expect(onZoomIn).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(view.getAllByRole('button')[0]!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    element.remove();
  });
});
