import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_RESET_MS } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { COVERAGE_CACHE_SECONDS, THING_MESSAGES, type Thing } from '@flare/core/schemas/thing';
import { liveThings } from '../live/live-things-store';
import { reportLiveFeedDown } from '../../../lib/connection';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { makeThing } from '@flare/core/testing/things';
import { buildDeviceConfiguration, type DeviceSettings } from '@flare/core/things/device-configuration';
import { formatTime } from '../../../lib/format-time';
import { returningThingId, savedNoticeState } from '../navigation-state';
import { ThingDetailScreen } from './thing-detail-screen';

async function renderDetail(
  thing: Thing,
  permissions = ['thing:read'],
  country = 'US',
  routes: Parameters<typeof fakeApi>[0] = {},
) {
  const profile = fakeProfile(permissions);
  profile.user_org.country_code = country;
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: profile }),
    [`GET /things/${thing.id}`]: () => ({ status: 200, body: thing }),
    ...routes,
  });
  await startSession(fakeTokens());
  liveThings.replaceAll([thing]);
  const view = renderRoutes(
    [
      { path: '/dashboard/things', element: <p>List</p> },
      { path: '/dashboard/things/:thingId', element: <ThingDetailScreen /> },
    ],
    `/dashboard/things/${thing.id}?q=unit`,
  );
  return { calls, ...view };
}

const status = () => within(screen.getByRole('group', { name: 'Status' }));
const field = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

afterEach(() => {
  reportLiveFeedDown(false);
  signOut();
  liveThings.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The acknowledgement of the alarm the user sees: the one raised at its time. */
const acknowledgeCall = (thing: Thing) =>
  `DELETE /things/${thing.id}/alarm?${new URLSearchParams({ raised_at: thing.alarm_raised_at! })}`;

describe('asset detail panel', () => {
  it('shows how steadily the asset reported over the last 24 hours', async () => {
    const thing = makeThing();
    await renderDetail(thing, ['thing:read'], 'US', {
      [`GET /things/coverage?thing_ids%5B%5D=${thing.id}`]: () => ({
        status: 200,
        body: [{ thing_id: thing.id, points_24h: 1500, last_report_at: null, coverage: 0.75 }],
      }),
    });
    expect(await screen.findByText('75% of 5-minute slots · 1,500 points')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: /in 75% of the last 24 hours/ })).toBeTruthy();
  });

  it('asks for the reporting again each minute while the detail stays open', async () => {
    // Only the query's refresh interval runs on the test's clock.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const thing = makeThing();
    let points = 1;
    await renderDetail(thing, ['thing:read'], 'US', {
      [`GET /things/coverage?thing_ids%5B%5D=${thing.id}`]: () => ({
        status: 200,
        body: [{ thing_id: thing.id, points_24h: points, last_report_at: null, coverage: 0.01 }],
      }),
    });
    expect(await screen.findByText('1% of 5-minute slots · 1 point')).toBeTruthy();
    points = 5;
    await act(() => vi.advanceTimersByTimeAsync(COVERAGE_CACHE_SECONDS * 1000));
    expect(await screen.findByText('1% of 5-minute slots · 5 points')).toBeTruthy();
  });

  it('shows direction, speed in mph and the run of a responding asset', async () => {
    const start = new Date(Date.now() - 65_000).toISOString();
    await renderDetail(
      makeThing({
        status: 'active',
        enroute: true,
        speed: 10,
        course: 90,
        status_changed_at: new Date().toISOString(),
        run_started_at: start,
        run_alert_points: 1234,
      }),
    );
    expect(status().getByText('Direction').nextElementSibling?.textContent).toBe('E');
    expect(field('Speed')).toBe('22 mph');
    expect(field('Run Time')).toMatch(/^1 min [4-6] s$/);
    expect(field('Alert Points')).toBe('1,234');
  });

  it('shows km/h outside US-style countries and 0 once the asset is stale', async () => {
    const old = new Date(Date.now() - 60_000).toISOString();
    await renderDetail(
      makeThing({ status: 'standby', speed: 10, enroute: true, heartbeat_datetime: old }),
      [],
      'DE',
    );
    expect(field('Speed')).toBe('0 km/h');
    expect(status().getByText('Stale').closest('[title]')?.getAttribute('title')).toBe(
      'Stale: no report for over 30 s',
    );
    expect(field('Last Sync')).toBe(`1 min ago${formatTime(old)}`);
  });

  it('shows when a pending or offline asset was last online, and the street of one on scene', async () => {
    const view = await renderDetail(makeThing({ status: 'offline', heartbeat_datetime: null }));
    // When it was last heard from: "Last Online" while pending or offline.
    expect(field('Last Online')).toBe('No report yet');
    expect(screen.queryByText('Last Sync')).toBeNull();
    expect(status().getByText('Stale')).toBeTruthy();
    view.unmount();
    const arrived = Date.now() - 30_000;
    const onScene = await renderDetail(
      makeThing({
        status: 'active_location',
        street: 'Main St',
        status_changed_at: new Date(arrived).toISOString(),
        run_started_at: new Date(arrived - 7 * 60_000 - 5_000).toISOString(),
      }),
    );
    expect(field('Location')).toBe('Main St41.880000, -87.630000');
    expect(screen.getByText('Arrived')).toBeTruthy();
    expect(field('Time-to-Scene')).toBe('7 min 5 s');
    expect(field('Duration')).toMatch(/^(29|30|31) s$/);
    onScene.unmount();
    // Arrived without a run (not from responding): no Time-to-Scene to tell.
    await renderDetail(makeThing({ status: 'active_location', run_started_at: null }));
    expect(field('Time-to-Scene')).toBe('—');
  });

  it('offers the edit links only with the edit permission, access editing or, shared with none, adding', async () => {
    const related = makeThing({
      organization_relationships: [
        { organization_uuid: 'o2', organization_name: 'County', relationship_type: 'accessor' },
      ],
    });
    const view = await renderDetail(related, ['thing:read']);
    expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
    view.unmount();
    signOut();
    const editable = await renderDetail(related, ['thing:read', 'thing:update']);
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe(
      `/dashboard/things/${related.id}/edit/profile`,
    );
    expect(screen.getByRole('link', { name: 'Edit access' })).toBeTruthy();
    expect(field('Accessors')).toBe('County');
    editable.unmount();
    signOut();
    const unshared = makeThing();
    await renderDetail(unshared, ['thing:update']);
    expect(screen.queryByRole('link', { name: 'Edit access' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add organization' }).getAttribute('href')).toBe(
      `/dashboard/things/${unshared.id}/edit/associations`,
    );
  });

  it('copies the System Id and shows the copied state for 1 s', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const thing = makeThing({ haas_id: 'SPD-CAR-101' });
    await renderDetail(thing);
    // The copied state's second passes on the test's clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Copy System Id' }));
    expect(writeText).toHaveBeenCalledWith('SPD-CAR-101');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(COPY_RESET_MS - 1));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: 'Copy System Id' })).toBeTruthy();
  });

  it('copies the coordinates, saying "Copied"', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderDetail(makeThing({ lat: 39.7817, lng: -89.6501 }));
    expect(field('Location')).toBe('39.781700, -89.650100');
    fireEvent.click(screen.getByRole('button', { name: 'Copy coordinates' }));
    expect(writeText).toHaveBeenCalledWith('39.781700, -89.650100');
    await screen.findByRole('button', { name: 'Copied' });
  });

  it('stops the run time and the last report age while the connection is down, saying since when', async () => {
    // The shared clock's ticks and the time they read pass on the test's clock.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const reported = Date.now() - 5_000;
    await renderDetail(
      makeThing({
        status: 'active',
        enroute: true,
        heartbeat_datetime: new Date(reported).toISOString(),
        run_started_at: new Date(reported - 60_000).toISOString(),
      }),
    );
    expect(screen.queryByText(/^Data as of/)).toBeNull();
    act(() => reportLiveFeedDown(true));
    const frozen = [field('Run Time'), field('Last Sync')];
    expect(status().getByText(/^Data as of/).textContent).toMatch(/^Data as of \d{1,2}:\d\d [AP]M$/);
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect([field('Run Time'), field('Last Sync')]).toEqual(frozen);
    act(() => reportLiveFeedDown(false));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(field('Run Time')).not.toBe(frozen[0]);
    expect(screen.queryByText(/^Data as of/)).toBeNull();
  });

  it('goes back to the list with its filters, naming the asset whose row takes the focus', async () => {
    const thing = makeThing();
    const { router } = await renderDetail(thing);
    fireEvent.click(screen.getByRole('button', { name: 'Back to assets' }));
    await screen.findByText('List');
    expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard/things?q=unit');
    expect(returningThingId(router.state.location.state)).toBe(thing.id);
  });

  it('takes the focus to the asset name, and Escape goes back to the list', async () => {
    const thing = makeThing({ nickname: 'Medic 4' });
    const { router } = await renderDetail(thing);
    const heading = screen.getByRole('heading', { name: 'Medic 4' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    fireEvent.keyDown(heading, { key: 'Escape' });
    await screen.findByText('List');
    expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard/things?q=unit');
    expect(returningThingId(router.state.location.state)).toBe(thing.id);
  });

  it('leaves Escape to a field of the panel', async () => {
    const thing = makeThing({ nickname: 'Medic 4' });
    const { router } = await renderDetail(thing);
    // A field in the panel (a select's search, say) closes its own list on Escape.
    const field = document.createElement('input');
    screen.getByRole('heading', { name: 'Medic 4' }).after(field);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(router.state.location.pathname).toBe(`/dashboard/things/${thing.id}`);
  });

  it('confirms a save its edit form left a notice for, until dismissed', async () => {
    const thing = makeThing({ nickname: 'Medic 4' });
    const { router } = await renderDetail(thing);
    await act(() =>
      router.navigate(`/dashboard/things/${thing.id}?q=unit`, { state: savedNoticeState('Profile saved') }),
    );
    expect(screen.getByRole('status').textContent).toBe('Profile saved');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.search).toBe('?q=unit');
  });
});

describe('raised alarm in the detail panel', () => {
  const raisedAt = () => new Date(Date.now() - 125_000).toISOString();
  const alarm = () => screen.getByRole('alert');

  it('shows the alarm in words and when it was raised, absolute and relative', async () => {
    const at = raisedAt();
    await renderDetail(makeThing({ alarm: 'sos', alarm_raised_at: at }));
    expect(within(alarm()).getByText('SOS')).toBeTruthy();
    expect(field('Raised')?.startsWith(`${formatTime(at)} (`)).toBe(true);
    expect(field('Raised')).toMatch(/ \(2:0[4-6] ago\)$/);
  });

  it('shows no alert without an alarm, and no Acknowledge to users who cannot see assets', async () => {
    const view = await renderDetail(makeThing());
    expect(screen.queryByRole('alert')).toBeNull();
    view.unmount();
    signOut();
    await renderDetail(makeThing({ alarm: 'powerCut', alarm_raised_at: raisedAt() }), []);
    expect(within(alarm()).getByText('Power cut')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it('acknowledges: "Acknowledging..." while pending, then the alarm is gone from the panel and the store', async () => {
    const thing = makeThing({ alarm: 'sos', alarm_raised_at: raisedAt() });
    let answer: (value: FakeAnswer) => void = () => undefined;
    const { calls } = await renderDetail(thing, ['thing:read'], 'US', {
      [acknowledgeCall(thing)]: () => new Promise<FakeAnswer>((resolve) => (answer = resolve)),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const pending = await screen.findByRole('button', { name: 'Acknowledging...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => `DELETE ${call.path}`)).toEqual([
      acknowledgeCall(thing),
    ]);

    answer({ status: 200, body: { ...thing, alarm: null, alarm_raised_at: null } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(liveThings.getSnapshot().items.get(thing.id)?.alarm).toBeNull();
  });

  it('shows the error dialog when acknowledging fails, and keeps the alarm', async () => {
    const thing = makeThing({ alarm: 'accident', alarm_raised_at: raisedAt() });
    await renderDetail(thing, ['thing:read'], 'US', {
      [acknowledgeCall(thing)]: () => ({ status: 500, body: {} }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.errorDialogTitle });
    expect(within(dialog).getByText(MESSAGES.errorDialogText)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(alarm()).getByText('Accident')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
  });

  it('says so when another alarm was raised since the one acknowledged, and keeps the alarm', async () => {
    const thing = makeThing({ alarm: 'lowBattery', alarm_raised_at: raisedAt() });
    await renderDetail(thing, ['thing:read'], 'US', {
      [acknowledgeCall(thing)]: () => ({
        status: 409,
        body: { error: 'newer_alarm', message: THING_MESSAGES.newerAlarm },
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.errorDialogTitle });
    expect(within(dialog).getByText(THING_MESSAGES.newerAlarm)).toBeTruthy();
    expect(within(alarm()).getByText('Low battery')).toBeTruthy();
  });
});

describe('device configuration on the asset detail panel', () => {
  const configurationOf = (thing: Thing, settings: DeviceSettings) =>
    buildDeviceConfiguration({ id: thing.id, systemId: thing.haas_id }, settings);

  it('is only for those who administer assets', async () => {
    const thing = makeThing();
    await renderDetail(thing, ['thing:read', 'thing:update']);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Device configuration' })).toBeNull();
  });

  it('sets the device model and its ports, ports only with a model, and saves them', async () => {
    const thing = makeThing();
    const saved = { deviceModel: null, ports: {} } satisfies DeviceSettings;
    const { calls } = await renderDetail(thing, ['thing:manage'], 'US', {
      [`GET /things/${thing.id}/device_credential`]: () => ({
        status: 200,
        body: { issued_at: null, legacy_device_id: false },
      }),
      [`GET /things/${thing.id}/configuration`]: () => ({ status: 200, body: configurationOf(thing, saved) }),
      [`PUT /things/${thing.id}/configuration`]: ({ body }) => ({
        status: 200,
        body: configurationOf(thing, body as DeviceSettings),
      }),
    });
    const section = within(await screen.findByRole('region', { name: 'Device configuration' }));
    const model = await section.findByRole('combobox', { name: 'Device model' });
    const port = (name: string) => section.getByRole('combobox', { name: `Port ${name}` });
    expect(port('P1')).toHaveProperty('disabled', true);
    expect(section.getByRole('button', { name: 'Save configuration' })).toHaveProperty('disabled', true);
    fireEvent.change(model, { target: { value: 'R1900' } });
    fireEvent.change(port('E5'), { target: { value: 'both' } });
    fireEvent.change(port('P2'), { target: { value: 'input' } });
    fireEvent.click(section.getByRole('button', { name: 'Save configuration' }));
    expect(await section.findByRole('status')).toHaveProperty('textContent', 'Device configuration saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      deviceModel: 'R1900',
      ports: { E5: 'both', P2: 'input' },
    });
    // No model, no ports.
    fireEvent.change(model, { target: { value: '' } });
    expect(port('E5')).toHaveProperty('value', '');
    expect(port('E5')).toHaveProperty('disabled', true);
    expect(section.getByRole('button', { name: /Download device configuration/ })).toBeTruthy();
  });
});
