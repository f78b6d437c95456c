import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAVIGATE_AFTER_SAVE_MS } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import type { ThingSubtype, ThingType } from '@flare/core/schemas/reference';
import { THING_MESSAGES, type Thing } from '@flare/core/schemas/thing';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { makeThing } from '@flare/core/testing/things';
import { savedNoticeOf } from '../navigation-state';
import { EditThingProfileScreen } from './edit-thing-profile-screen';

const POLICE: ThingType = { id: 'type-police', name: 'police', display_name: 'Police', emergency: true };
const FIRE: ThingType = { id: 'type-fire', name: 'fire', display_name: 'Fire', emergency: true };
const TOW: ThingType = { id: 'type-tow', name: 'tow', display_name: 'Tow', emergency: false };
const SUBTYPES: ThingSubtype[] = [
  { id: 'sub-patrol', name: 'patrol_car', display_name: 'Patrol Car', thing_type_id: POLICE.id },
  { id: 'sub-suv', name: 'suv', display_name: 'SUV', thing_type_id: POLICE.id },
  { id: 'sub-engine', name: 'engine', display_name: 'Engine', thing_type_id: FIRE.id },
  { id: 'sub-flatbed', name: 'flatbed', display_name: 'Flatbed', thing_type_id: TOW.id },
];

function policeCar(overrides: Partial<Thing> = {}): Thing {
  return makeThing({
    nickname: 'Patrol 101',
    thing_type: POLICE,
    thing_subtype: { id: 'sub-patrol', name: 'patrol_car', display_name: 'Patrol Car' },
    thing_subtype_uuid: 'sub-patrol',
    vin_number: 'VIN123',
    license_plate_number: 'PL-1',
    external_identifiers: [{ identifier_id: 'G-1', system_name: 'geotab', is_deleted: false }],
    ...overrides,
  });
}

type Handler = (call: FakeCall) => FakeAnswer | 'network-error';

async function renderEdit(
  thing: Thing,
  {
    permissions = ['thing:read', 'thing:update'],
    put,
    get,
  }: { permissions?: string[]; put?: Handler; get?: Handler } = {},
) {
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: fakeProfile(permissions) }),
    [`GET /things/${thing.id}`]: get ?? (() => ({ status: 200, body: thing })),
    'GET /thing_types': () => ({ status: 200, body: [FIRE, POLICE, TOW] }),
    'GET /thing_subtypes': () => ({ status: 200, body: SUBTYPES }),
    [`PUT /things/${thing.id}`]: put ?? (() => ({ status: 200, body: thing })),
  });
  await startSession(fakeTokens());
  const view = renderRoutes(
    [
      { path: '/dashboard/things/:thingId', element: <p>Detail</p> },
      { path: '/dashboard/things/:thingId/edit', element: <EditThingProfileScreen /> },
      { path: '/dashboard/things/:thingId/edit/profile', element: <EditThingProfileScreen /> },
    ],
    `/dashboard/things/${thing.id}/edit/profile?q=unit`,
  );
  return { calls, ...view };
}

const loaded = () => screen.findByRole<HTMLInputElement>('textbox', { name: /Nickname/ });
const input = (name: string | RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Save|Saving\.\.\.)$/ });
const putCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');

function type(name: string | RegExp, value: string) {
  const field = input(name);
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

/** Opens a select and picks an option. */
function choose(select: HTMLElement, option: string) {
  fireEvent.click(select);
  fireEvent.click(screen.getByRole('option', { name: option }));
  fireEvent.blur(select);
}

function optionsOf(select: HTMLElement): string[] {
  fireEvent.click(select);
  const names = screen.getAllByRole('option').map((o) => o.textContent ?? '');
  fireEvent.keyDown(select, { key: 'Escape' });
  return names;
}

const combobox = (name: string | RegExp) => screen.getByRole<HTMLInputElement>('combobox', { name });
const typeSelect = () => combobox('Type');
const subtypeSelect = () => combobox('Subtype');

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('Edit Profile', () => {
  it('shows the unauthorised message and no form without the edit permission', async () => {
    const thing = policeCar();
    const { calls } = await renderEdit(thing, { permissions: ['thing:read'] });
    expect(await screen.findByText(MESSAGES.unauthorizedPage)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Nickname/ })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/things/'))).toBe(false);
  });

  it('starts from the asset, with Save disabled until something changes', async () => {
    await renderEdit(policeCar());
    expect((await loaded()).value).toBe('Patrol 101');
    expect(screen.getByText('Nickname', { exact: false }).textContent).toContain('*');
    expect(typeSelect().value).toBe('Police');
    expect(subtypeSelect().value).toBe('Patrol Car');
    expect(input('VIN').value).toBe('VIN123');
    expect(input('Plate#').value).toBe('PL-1');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'In service' }).checked).toBe(true);
    expect(saveButton().disabled).toBe(true);
    type(/Nickname/, 'Patrol 7');
    expect(saveButton().disabled).toBe(false);
    type(/Nickname/, 'Patrol 101');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it.each([
    [/Nickname/, '', MESSAGES.required],
    [/Nickname/, 'x'.repeat(51), 'Must be 50 or fewer characters'],
    ['VIN', 'AB-12', 'Please only use numbers or letters'],
    ['VIN', 'A'.repeat(51), 'Must be 50 or fewer characters'],
    ['Plate#', 'x'.repeat(51), 'Must be 50 or fewer characters'],
    ['Vehicle Id', 'x'.repeat(51), 'Must be 50 or fewer characters'],
  ])('%s "%s" says "%s" once touched, and nothing is sent', async (name, value, message) => {
    const { calls } = await renderEdit(policeCar());
    await loaded();
    type(name, value);
    expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.click(saveButton());
    await screen.findByText(message);
    expect(putCalls(calls)).toHaveLength(0);
  });

  it('counts characters and turns the counter to the warning colour within 5 of the limit', async () => {
    await renderEdit(policeCar());
    await loaded();
    const counterOf = (name: string) =>
      within(input(name).closest('.mantine-InputWrapper-root') as HTMLElement).getByText(/\/50$/);
    expect(counterOf('VIN').textContent).toBe('6/50');
    expect(counterOf('VIN').getAttribute('data-state')).toBe('ok');
    type('VIN', 'A'.repeat(44));
    expect(counterOf('VIN').getAttribute('data-state')).toBe('ok');
    type('VIN', 'A'.repeat(45));
    expect(counterOf('VIN').textContent).toBe('45/50');
    expect(counterOf('VIN').getAttribute('data-state')).toBe('warning');
    type('VIN', 'A'.repeat(51));
    expect(counterOf('VIN').getAttribute('data-state')).toBe('over');
  });

  it('sends only the changed fields, with the service switches always', async () => {
    const thing = policeCar();
    const { calls } = await renderEdit(thing);
    await loaded();
    type(/Nickname/, ' Unit 7 ');
    type('Plate#', '');
    fireEvent.click(screen.getByRole('switch', { name: 'In service' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(putCalls(calls)).toHaveLength(1));
    expect(putCalls(calls)[0]?.body).toEqual({
      id: thing.id,
      in_service: false,
      is_publicly_alerting: true,
      nickname: 'Unit 7',
      license_plate_number: null,
    });
  });

  it('changing the type clears the subtype and offers the new type’s subtypes', async () => {
    const thing = policeCar();
    const { calls } = await renderEdit(thing);
    await loaded();
    expect(optionsOf(subtypeSelect())).toEqual(['Patrol Car', 'SUV']);
    choose(typeSelect(), 'Fire');
    expect(typeSelect().value).toBe('Fire');
    expect(subtypeSelect().value).toBe('');
    expect(optionsOf(subtypeSelect())).toEqual(['Engine']);
    fireEvent.click(saveButton());
    await waitFor(() => expect(putCalls(calls)).toHaveLength(1));
    expect(putCalls(calls)[0]?.body).toMatchObject({ thing_type_id: FIRE.id, thing_subtype_id: null });
  });

  it('offers an emergency asset only emergency types, other assets every type', async () => {
    const view = await renderEdit(policeCar());
    await loaded();
    expect(optionsOf(typeSelect())).toEqual(['Fire', 'Police']);
    view.unmount();
    signOut();
    await renderEdit(makeThing({ thing_type: TOW, is_responder: false }));
    await loaded();
    expect(optionsOf(typeSelect())).toEqual(['Fire', 'Police', 'Tow']);
  });

  it('adds integrations up to 2, each provider once, and sends removed ones with isDeleted', async () => {
    const thing = policeCar();
    const { calls } = await renderEdit(thing);
    await loaded();
    const add = () =>
      screen.getByRole<HTMLButtonElement>('button', { name: /Add integration|Available providers in use/ });
    expect(add().textContent).toBe('Add integration');
    fireEvent.click(add());
    expect(add().textContent).toBe('Available providers in use');
    expect(add().disabled).toBe(true);

    const second = within(screen.getByRole('group', { name: 'Integration 2' }));
    choose(second.getByRole('combobox', { name: 'Provider' }), 'Geotab');
    expect(await second.findByText('Provider already used')).toBeTruthy();
    choose(second.getByRole('combobox', { name: 'Provider' }), 'Samsara');
    await waitFor(() => expect(second.queryByText('Provider already used')).toBeNull());

    // An integration needs its ID.
    fireEvent.click(saveButton());
    expect(await second.findByText(MESSAGES.required)).toBeTruthy();
    expect(putCalls(calls)).toHaveLength(0);
    const id = second.getByRole('textbox', { name: /Integration ID/ });
    fireEvent.change(id, { target: { value: 'S-9' } });

    fireEvent.click(screen.getByRole('button', { name: 'Remove integration 1' }));
    expect(add().textContent).toBe('Add integration');
    expect(add().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(putCalls(calls)).toHaveLength(1));
    expect(putCalls(calls)[0]?.body).toEqual({
      id: thing.id,
      in_service: true,
      is_publicly_alerting: true,
      external_identifiers: [
        { system_name: 'samsara', identifier_id: 'S-9', isDeleted: false },
        { system_name: 'geotab', identifier_id: 'G-1', isDeleted: true },
      ],
    });
  });

  it.each<[FakeAnswer | 'network-error', string]>([
    ['network-error', 'Connection failed'],
    [{ status: 422, body: { error: 'not_found', message: 'Asset not found' } }, 'Asset not found'],
    [
      { status: 422, body: { error: 'nickname_taken', message: 'Asset nickname cannot be updated: "x"' } },
      'Asset nickname cannot be updated',
    ],
    [
      {
        status: 422,
        body: { error: 'invalid_type', message: 'An emergency asset can only have an emergency type' },
      },
      'An emergency asset can only have an emergency type',
    ],
    [{ status: 422, body: {} }, 'Unknown failure'],
    [{ status: 500, body: { message: 'boom' } }, 'Unknown failure'],
  ])('a refused save (%o) shows "%s" and stays', async (answer, message) => {
    const { router } = await renderEdit(policeCar(), { put: () => answer });
    await loaded();
    type(/Nickname/, 'Unit 7');
    fireEvent.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.pathname).toMatch(/\/edit\/profile$/);
    expect(saveButton().disabled).toBe(false);
  });

  it('shows "Saving..." while the save is on its way, then goes back to the asset after 150 ms', async () => {
    const thing = policeCar();
    const { router } = await renderEdit(thing, {
      put: () => ({ status: 200, body: { ...thing, nickname: 'Unit 7' } }),
    });
    await loaded();
    // Hold the PUT until released, to see the submitting state.
    const fakeFetch = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') await held;
      return fakeFetch(url, init);
    });

    type(/Nickname/, 'Unit 7');
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().textContent).toBe('Saving...'));
    expect(saveButton().disabled).toBe(true);
    // The 150 ms on a fake clock, from the answer on (which comes through promises: flushed here,
    // since waitFor does not run on a fake clock).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      release();
      for (let flush = 0; flush < 100 && saveButton().textContent === 'Saving...'; flush++)
        await act(() => vi.advanceTimersByTimeAsync(0));
      expect(saveButton().textContent).not.toBe('Saving...');
      await act(() => vi.advanceTimersByTimeAsync(NAVIGATE_AFTER_SAVE_MS - 1));
      expect(router.state.location.pathname).toMatch(/\/edit\/profile$/);
      await act(() => vi.advanceTimersByTimeAsync(1));
    } finally {
      vi.useRealTimers();
    }
    await screen.findByText('Detail');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      `/dashboard/things/${thing.id}?q=unit`,
    );
    // The asset's detail confirms the save.
    expect(savedNoticeOf(router.state.location.state)).toBe(THING_MESSAGES.profileSaved);
  });

  it('marks the nickname another asset of the organisation has, saying why, until it is changed', async () => {
    await renderEdit(policeCar(), {
      put: () => ({
        status: 422,
        body: {
          error: 'nickname_taken',
          message:
            'Asset nickname cannot be updated: another asset of the organization is called "Patrol 103"',
        },
      }),
    });
    const nickname = await loaded();
    fireEvent.change(nickname, { target: { value: 'Patrol 103 ' } });
    // Submitted from the field (Enter): never left, the field still shows why.
    fireEvent.submit(nickname.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe(THING_MESSAGES.nicknameLocked);
    await waitFor(() => expect(nickname.getAttribute('aria-invalid')).toBe('true'));
    const why = 'Another asset of the organization is called "Patrol 103"';
    expect(screen.getByText(why)).toBeTruthy();
    expect(nickname.getAttribute('aria-describedby')).toContain(screen.getByText(why).id);
    expect(document.activeElement).toBe(nickname);
    type(/Nickname/, 'Patrol 104');
    await waitFor(() => expect(screen.queryByText(why)).toBeNull());
    expect(nickname.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('Cancel goes up to the asset, from edit and from edit/profile', async () => {
    const thing = policeCar();
    const { router } = await renderEdit(thing);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Detail');
    expect(router.state.location.pathname).toBe(`/dashboard/things/${thing.id}`);
    await router.navigate(`/dashboard/things/${thing.id}/edit`);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Detail');
    expect(router.state.location.pathname).toBe(`/dashboard/things/${thing.id}`);
  });

  it('says "Asset not found" when the asset cannot be loaded', async () => {
    await renderEdit(policeCar(), {
      get: () => ({ status: 422, body: { error: 'not_found', message: 'Asset not found' } }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Asset not found');
    expect(screen.queryByRole('textbox', { name: /Nickname/ })).toBeNull();
  });
});
