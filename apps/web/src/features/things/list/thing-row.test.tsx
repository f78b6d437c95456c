import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Thing } from '@flare/core/schemas/thing';
import { makeHeartbeat } from '@flare/core/testing/live-messages';
import { renderRoutes } from '../../../testing/render';
import { makeThing } from '@flare/core/testing/things';
import { formatTime } from '../../../lib/format-time';
import { liveThings } from '../live/live-things-store';
import { CHANGE_HIGHLIGHT_MS } from '../live/recent-status-changes';
import { ThingRow } from './thing-row';

afterEach(() => {
  liveThings.clear();
  vi.useRealTimers();
});

function renderRow(thing: Thing, respondersType: 'none' | 'all' = 'none') {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ThingRow
            thing={thing}
            respondersType={respondersType}
            wzdxOrg={false}
            speedUnit="mph"
            onSelect={() => undefined}
            onFind={() => undefined}
            tabStop="open"
          />
        ),
      },
    ],
    '/',
  );
  return within(screen.getByRole('button', { name: new RegExp(`^${thing.nickname!}`) }));
}

describe('assets list row', () => {
  it('shows a raised alarm in words, in red', () => {
    const row = renderRow(
      makeThing({ nickname: 'Medic 4', alarm: 'lowBattery', alarm_raised_at: '2026-11-22T10:00:00.000Z' }),
    );
    const badge = row.getByText('Low battery').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.getAttribute('title')).toBe('Alarm raised');
    expect(badge.style.getPropertyValue('--badge-bg')).toContain('red-9');
  });

  it('shows a code it has no words for as sent', () => {
    const row = renderRow(makeThing({ nickname: 'Medic 5', alarm: 'overspeed', alarm_raised_at: null }));
    expect(row.getByText('overspeed')).toBeTruthy();
  });

  it('shows no alarm badge while none is raised', () => {
    renderRow(makeThing({ nickname: 'Medic 6' }));
    expect(screen.queryByTitle('Alarm raised')).toBeNull();
  });

  it('shows the status in words beside its colour, and how long ago the asset last reported', () => {
    const reported = new Date(Date.now() - 12_500).toISOString();
    renderRow(makeThing({ nickname: 'Medic 7', status: 'active', heartbeat_datetime: reported }), 'all');
    const item = screen.getByText('Medic 7').closest('[data-thing-id]') as HTMLElement;
    expect(within(item).getByRole('img', { name: 'Responding' })).toBeTruthy();
    expect(within(item).getByText('Responding')).toBeTruthy();
    const age = within(item).getByText('12 s ago');
    expect(age.closest('[title]')?.getAttribute('title')).toBe(`Last report: ${formatTime(reported)}`);
  });

  it('marks a stale asset with an icon and words, not colour alone', () => {
    const reported = new Date(Date.now() - 3 * 60_000).toISOString();
    renderRow(makeThing({ nickname: 'Medic 8', heartbeat_datetime: reported }));
    const age = screen.getByText(/3 min ago/);
    expect(age.textContent).toBe('Stale, 3 min ago');
    const marked = age.closest('[title]')!;
    expect(marked.getAttribute('title')).toBe(
      `Last report: ${formatTime(reported)}. Stale: no report for over 30 s`,
    );
    expect(marked.querySelector('svg')).toBeTruthy();
  });

  it('shows the speed of a moving asset, else its last street, after the system name', () => {
    const view = renderRow(
      makeThing({ nickname: 'Medic 9', haas_id: 'prairie-ems-109', enroute: true, speed: 20 }),
    );
    const line = view.getByText('prairie-ems-109 · 45 mph');
    expect(line.getAttribute('title')).toBe('prairie-ems-109 · 45 mph');
  });

  it('shows the last street of an asset standing still, and the full name on hover', () => {
    renderRow(makeThing({ nickname: 'Heavy Rescue Squad', street: 'Main St', speed: 0 }));
    expect(screen.getByText('Heavy Rescue Squad').closest('button')?.getAttribute('title')).toBe(
      'Heavy Rescue Squad',
    );
    expect(screen.getByText(/Main St$/)).toBeTruthy();
  });

  it('says Out-of-service once, by its tag, with the coloured dot still naming it', () => {
    renderRow(makeThing({ nickname: 'Medic 10', in_service: false }));
    expect(screen.getAllByText('Out-of-service')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Out-of-service' })).toBeTruthy();
  });

  it('highlights the row for a few seconds when the asset changes status', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const thing = makeThing({ nickname: 'Medic 11', status: 'standby' });
    liveThings.replaceAll([thing]);
    renderRow(thing);
    const item = () => screen.getByText('Medic 11').closest('[data-thing-id]') as HTMLElement;
    act(() => liveThings.apply([makeHeartbeat(thing.id, { status: 'standby' })]));
    expect(item().dataset.statusChanged).toBeUndefined();
    act(() => liveThings.apply([makeHeartbeat(thing.id, { status: 'active' })]));
    expect(item().dataset.statusChanged).toBe('true');
    expect(item().style.background).toContain('yellow');
    act(() => {
      vi.advanceTimersByTime(CHANGE_HIGHLIGHT_MS - 100);
    });
    expect(item().dataset.statusChanged).toBe('true');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(item().dataset.statusChanged).toBeUndefined();
  });
});
