import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOut, startSession } from '../../../lib/session';
import { switchOrganization } from '../../../lib/subscribed-organization';
import { fakeApi, fakeProfile, fakeTokens } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { ReportHazardForm } from './report-hazard-form';

const OWN = 'org-1';
const summary = (id: string, name: string) => ({ ...fakeProfile([]).user_org, id, name });

async function renderForm() {
  const profile = fakeProfile(['hazard:create']);
  // An ACS user, who may switch between the organisations they manage and access.
  profile.acs = true;
  profile.managed_orgs = [summary('county', 'Sangamon County')];
  profile.accessed_orgs = [summary('city', 'Capital City')];
  const calls = fakeApi({
    'GET /profile': () => ({ status: 200, body: profile }),
    // What it answers does not matter here: only what the form sends.
    'POST /hazards': () => ({ status: 422, body: { error: 'refused', message: 'Refused' } }),
  });
  await startSession(fakeTokens(OWN));
  return { calls, profile };
}

async function report(calls: ReturnType<typeof fakeApi>) {
  renderRoutes(
    [{ path: '/', element: <ReportHazardForm position={[-89.65, 39.78]} onClose={() => {}} /> }],
    '/',
  );
  fireEvent.click(screen.getByRole('combobox', { name: 'Hazard type' }));
  fireEvent.click(screen.getByRole('option', { name: 'Debris' }));
  fireEvent.click(screen.getByRole('button', { name: 'Report' }));
  await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
  return calls.find((call) => call.method === 'POST')!.body as { organization_id?: string };
}

afterEach(() => {
  signOut();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('reporting a hazard from the map', () => {
  it('is for the organisation on show when the user manages it, and says so', async () => {
    const { calls } = await renderForm();
    switchOrganization('county');
    expect((await report(calls)).organization_id).toBe('county');
    expect(screen.queryByText('For: Sangamon County')).toBeTruthy();
  });

  it("is for the user's own organisation while viewing one they only access", async () => {
    const { calls } = await renderForm();
    switchOrganization('city');
    expect((await report(calls)).organization_id).toBe(OWN);
  });
});
