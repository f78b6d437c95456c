import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import type { ProfileResponse } from '@flare/core/schemas/profile';
import { THING_MESSAGES, type Thing } from '@flare/core/schemas/thing';
import { signOut, startSession } from '../../../lib/session';
import { fakeApi, fakeProfile, fakeTokens, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { makeThing } from '@flare/core/testing/things';
import { savedNoticeOf } from '../navigation-state';
import { EditThingAssociationsScreen } from './edit-thing-associations-screen';

type Handler = (call: FakeCall) => FakeAnswer | 'network-error';

function profileKnowing(permissions: string[]): ProfileResponse {
  const profile = fakeProfile(permissions);
  const org = (id: string, name: string) => ({ ...profile.user_org, id, name });
  profile.managed_orgs = [org('org-county', 'County Sheriff'), org('org-owner', 'Metro Police')];
  profile.accessed_orgs = [org('org-roads', 'Capital Road Works')];
  return profile;
}

function sharedThing(): Thing {
  return makeThing({
    organization: { id: 'org-owner', name: 'Metro Police', organization_type: 'police' },
    organization_relationships: [
      { organization_uuid: 'org-county', organization_name: 'County Sheriff', relationship_type: 'accessor' },
    ],
  });
}

async function renderAccess(
  thing: Thing,
  { permissions = ['thing:update'], put }: { permissions?: string[]; put?: Handler } = {},
) {
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: profileKnowing(permissions) }),
    [`GET /things/${thing.id}`]: () => ({ status: 200, body: thing }),
    [`PUT /things/${thing.id}/associations`]: put ?? (() => ({ status: 200, body: thing })),
  });
  await startSession(fakeTokens());
  const view = renderRoutes(
    [
      { path: '/dashboard/things/:thingId', element: <p>Detail</p> },
      { path: '/dashboard/things/:thingId/edit/associations', element: <EditThingAssociationsScreen /> },
    ],
    `/dashboard/things/${thing.id}/edit/associations`,
  );
  await screen.findByRole('heading', { name: 'Edit Organization Access' });
  return { calls, ...view };
}

const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Save|Saving\.\.\.)$/ });
const addSelect = () => screen.getByRole('combobox', { name: 'Add organization' });
const putCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT');
const organization = (name: string) => within(screen.getByRole('radiogroup', { name }));

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

describe('Edit Organization Access', () => {
  it('shows the unauthorised message and no form without the edit permission', async () => {
    fakeApi({ 'GET /profile': () => ({ status: 200, body: profileKnowing(['thing:read']) }) });
    await startSession(fakeTokens());
    renderRoutes(
      [{ path: '/dashboard/things/:thingId/edit/associations', element: <EditThingAssociationsScreen /> }],
      '/dashboard/things/x/edit/associations',
    );
    expect(await screen.findByText(MESSAGES.unauthorizedPage)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('lists each organisation with Manager, Accessor and Remove; Save only once something changed', async () => {
    await renderAccess(sharedThing());
    await screen.findByRole('radiogroup', { name: 'County Sheriff' });
    expect(screen.getByText('Metro Police', { exact: false })).toBeTruthy();
    expect(
      organization('County Sheriff').getByRole<HTMLInputElement>('radio', { name: 'Accessor' }).checked,
    ).toBe(true);
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(organization('County Sheriff').getByRole('radio', { name: 'Manager' }));
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(organization('County Sheriff').getByRole('radio', { name: 'Accessor' }));
    expect(saveButton().disabled).toBe(true);
  });

  it('offers the organisations the user knows, except the owner and those listed', async () => {
    await renderAccess(sharedThing());
    await screen.findByRole('radiogroup', { name: 'County Sheriff' });
    fireEvent.click(addSelect());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Capital Road Works',
      'Springfield Police Department',
    ]);
  });

  it('sends only the changed organisations: an added accessor and a removed one', async () => {
    const thing = sharedThing();
    const { calls, router } = await renderAccess(thing);
    await screen.findByRole('radiogroup', { name: 'County Sheriff' });
    fireEvent.click(addSelect());
    fireEvent.click(screen.getByRole('option', { name: 'Capital Road Works' }));
    expect(
      organization('Capital Road Works').getByRole<HTMLInputElement>('radio', { name: 'Accessor' }).checked,
    ).toBe(true);
    fireEvent.click(organization('County Sheriff').getByRole('radio', { name: 'Remove' }));
    fireEvent.click(saveButton());
    await waitFor(() => expect(putCalls(calls)).toHaveLength(1));
    expect(putCalls(calls)[0]?.body).toEqual({
      organization_relationships: [
        { organization_uuid: 'org-county', organization_name: 'County Sheriff', relationship_type: 'delete' },
        {
          organization_uuid: 'org-roads',
          organization_name: 'Capital Road Works',
          relationship_type: 'accessor',
        },
      ],
    });
    await screen.findByText('Detail');
    expect(router.state.location.pathname).toBe(`/dashboard/things/${thing.id}`);
  });

  it('asks before removing the last organisation the asset is shared with, and saves only once confirmed', async () => {
    const thing = sharedThing();
    const { calls, router } = await renderAccess(thing);
    fireEvent.click(
      (await screen.findByRole('radiogroup', { name: 'County Sheriff' })).querySelector(
        'input[value="delete"]',
      )!,
    );
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Remove all shared access?' });
    expect(
      within(dialog).getByText(
        `County Sheriff will no longer see ${thing.nickname}: only Metro Police will.`,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/^You can add an organization again/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(putCalls(calls)).toHaveLength(0);

    fireEvent.click(saveButton());
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remove all shared access?' })).getByRole('button', {
        name: 'Remove access',
      }),
    );
    await waitFor(() => expect(putCalls(calls)).toHaveLength(1));
    expect(putCalls(calls)[0]?.body).toEqual({
      organization_relationships: [
        { organization_uuid: 'org-county', organization_name: 'County Sheriff', relationship_type: 'delete' },
      ],
    });
    await screen.findByText('Detail');
    expect(savedNoticeOf(router.state.location.state)).toBe(THING_MESSAGES.accessSaved);
  });

  it('warns that an organisation the user does not know cannot be given access again', async () => {
    const thing = makeThing({
      organization: { id: 'org-owner', name: 'Metro Police', organization_type: 'police' },
      organization_relationships: [
        { organization_uuid: 'org-city', organization_name: 'City Works', relationship_type: 'manager' },
        {
          organization_uuid: 'org-county',
          organization_name: 'County Sheriff',
          relationship_type: 'accessor',
        },
      ],
    });
    await renderAccess(thing);
    for (const name of ['City Works', 'County Sheriff'])
      fireEvent.click(
        (await screen.findByRole('radiogroup', { name })).querySelector('input[value="delete"]')!,
      );
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Remove all shared access?' });
    expect(within(dialog).getByText(/^City Works and County Sheriff will no longer see/)).toBeTruthy();
    expect(
      within(dialog).getByText(
        'You cannot give City Works access again: your organization is not related to it.',
      ),
    ).toBeTruthy();
  });

  it('saves without asking while an organisation keeps access', async () => {
    const thing = makeThing({
      organization: { id: 'org-owner', name: 'Metro Police', organization_type: 'police' },
      organization_relationships: [
        { organization_uuid: 'org-city', organization_name: 'City Works', relationship_type: 'manager' },
        {
          organization_uuid: 'org-county',
          organization_name: 'County Sheriff',
          relationship_type: 'accessor',
        },
      ],
    });
    const { calls } = await renderAccess(thing);
    fireEvent.click(
      (await screen.findByRole('radiogroup', { name: 'City Works' })).querySelector('input[value="delete"]')!,
    );
    fireEvent.click(saveButton());
    await waitFor(() => expect(putCalls(calls)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each<[FakeAnswer | 'network-error', string]>([
    ['network-error', 'Connection failed'],
    [{ status: 422, body: { error: 'not_found', message: 'Organization not found' } }, 'Asset not found'],
    [
      { status: 422, body: { error: 'x', message: 'The owner cannot also be a manager or accessor' } },
      'The owner cannot also be a manager or accessor',
    ],
    [{ status: 422, body: {} }, 'Unknown failure'],
  ])('a refused save (%o) shows "%s"', async (answer, message) => {
    await renderAccess(sharedThing(), { put: () => answer });
    fireEvent.click(
      (await screen.findByRole('radiogroup', { name: 'County Sheriff' })).querySelector(
        'input[value="manager"]',
      )!,
    );
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('Cancel goes up to the asset', async () => {
    const thing = sharedThing();
    const { router } = await renderAccess(thing);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByText('Detail');
    expect(router.state.location.pathname).toBe(`/dashboard/things/${thing.id}`);
  });
});
