import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Thing } from '@flare/core/schemas/thing';
import { renderRoutes } from '../../../testing/render';
import { makeThing } from '@flare/core/testing/things';
import { ThingRow } from './thing-row';

function renderRow(thing: Thing) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ThingRow
            thing={thing}
            respondersType="none"
            wzdxOrg={false}
            onSelect={() => undefined}
            onFind={() => undefined}
            tabStop="open"
          />
        ),
      },
    ],
    '/',
  );
  return within(screen.getByRole('button', { name: new RegExp(`^${thing.nickname}`) }));
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
});
