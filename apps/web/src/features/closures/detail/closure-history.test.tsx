import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClosure, makeClosureHistoryEntry } from '@flare/core/testing/closures';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { ClosureDetailScreen } from './closure-detail-screen';

afterEach(() => {
  vi.useRealTimers();
  signOut();
  vi.unstubAllGlobals();
});

/** 9:00 AM in the organisation's zone (America/Chicago, the fake profile's). */
const NOW = new Date('2026-11-22T15:00:00Z');
const closure = makeClosure({ status: 'active', is_active: true, description: 'Main St resurfacing' });
const entry = makeClosureHistoryEntry;
const history = [
  entry('2026-11-22T14:00:00Z', { action: 'changed', is_active: true }),
  entry('2026-11-22T07:00:00Z', { action: 'switched_on', source: 'schedule', user: null, is_active: true }),
  entry('2026-11-22T04:00:00Z', { action: 'switched_off' }),
  entry('2026-11-20T15:00:00Z', { action: 'created', is_active: true }),
];

async function openDetail(query = '', shown = closure, changes = history) {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(['closure:view']) }),
    'GET /organization/closure': () => ({
      status: 200,
      body: { data: [shown], counts: { active: 1, standby: 0, pending: 0, offline: 0 } },
    }),
    [`GET /organization/closure/${shown.id}/history`]: () => ({ status: 200, body: { data: changes } }),
  });
  await startSession(fakeTokens());
  const view = renderRoutes(
    [{ path: '/dashboard/closures/:closureId', element: <ClosureDetailScreen /> }],
    `/dashboard/closures/${shown.id}${query}`,
  );
  await screen.findByRole('heading', { name: 'History' });
  return view;
}
const historyList = () => screen.findByRole('list', { name: 'History' });

const checked = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name }).checked;
const rows = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('listitem')
    .map((row) => row.textContent);

describe("a closure's history in its detail", () => {
  it('shows every change kept, newest first, with who made it and when', async () => {
    await openDetail();
    expect(rows(await historyList())).toEqual([
      'ChangedAnn LeeNov 22, 2026, 8:00:00 AM',
      'Switched onScheduleNov 22, 2026, 1:00:00 AM',
      'Switched offAnn LeeNov 21, 2026, 10:00:00 PM',
      'CreatedAnn LeeNov 20, 2026, 9:00:00 AM',
    ]);
    expect(checked('All Recent')).toBe(true);
  });

  it("filters by the Display choice, kept in the URL by the specification's code", async () => {
    const { router } = await openDetail();
    await historyList();
    const choose = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));
    const shown = () => rows(screen.getByRole('list', { name: 'History' })).map((row) => row.slice(0, 12));

    choose('Active Only');
    expect(router.state.location.search).toBe('?history=1');
    expect(shown()).toEqual(['ChangedAnn L', 'Switched onS']);
    choose('Today');
    expect(router.state.location.search).toBe('?history=2');
    expect(shown()).toEqual(['ChangedAnn L', 'Switched onS']);
    choose('24 hrs');
    expect(router.state.location.search).toBe('?history=3');
    expect(shown()).toHaveLength(3);
    choose('All Recent');
    expect(router.state.location.search).toBe('');
    expect(shown()).toHaveLength(4);
  });

  it('opens on the choice the URL names', async () => {
    await openDetail('?history=2');
    expect(checked('Today')).toBe(true);
    expect(rows(await historyList())).toHaveLength(2);
  });

  it('shows no current activation of a closure switched off', async () => {
    const off = makeClosure({ description: 'Main St resurfacing' });
    await openDetail('?history=1', off, [
      entry('2026-11-22T14:30:00Z', { action: 'switched_off' }),
      ...history,
    ]);
    await screen.findByText('Not active now');
    expect(checked('Active Only')).toBe(true);
  });
});
