import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signOut, startSession } from '../lib/session';
import { fakeApi, fakeProfile, fakeTokens } from '../testing/fake-api';
import { readLastView, saveLastView } from './last-view';
import { LastViewOffer, useLastView } from './last-view-offer';
import { useMap } from './map-context';
import { FakeMap } from './testing/fake-map';
import { renderInMap } from './testing/render-in-map';

function Offer({ ready = true }: { ready?: boolean }) {
  const lastView = useLastView(useMap());
  return <LastViewOffer ready={ready} lastView={lastView} />;
}

async function signInAs(userId: string) {
  const profile = fakeProfile(['thing:read']);
  profile.id = userId;
  fakeApi({ 'GET /profile': () => ({ status: 200, body: profile }) });
  await startSession(fakeTokens());
}

const returnButton = () => screen.queryByRole('button', { name: 'Return to your last view' });
const LAST = { center: [-89.4, 43.07] as [number, number], zoom: 12.5 };

beforeEach(() => signInAs('user-1'));
afterEach(() => {
  signOut();
  localStorage.clear();
});

describe('LastViewOffer', () => {
  it("offers the user's last view once the map has opened, and goes there when asked", () => {
    saveLastView('user-1', LAST);
    const map = new FakeMap();
    const view = renderInMap(<Offer ready={false} />, map);
    expect(returnButton()).toBeNull();
    view.rerender(<Offer ready />);
    fireEvent.click(returnButton()!);
    expect(map.easeTo).toHaveBeenCalledWith({ center: LAST.center, zoom: LAST.zoom });
    expect(returnButton()).toBeNull();
  });

  it('remembers each view the map settles at, for this user only', async () => {
    const map = new FakeMap();
    renderInMap(<Offer />, map);
    expect(returnButton()).toBeNull();
    map.centre = { lng: -89.7, lat: 39.9 };
    map.zoom = 13.25;
    act(() => map.fire('moveend'));
    expect(readLastView('user-1')).toEqual({ center: [-89.7, 39.9], zoom: 13.25 });

    signOut();
    await act(() => signInAs('user-2'));
    expect(readLastView('user-2')).toBeNull();
    expect(returnButton()).toBeNull();
  });

  it('offers nothing once the map shows that view anyway, and can be dismissed', () => {
    saveLastView('user-1', LAST);
    const map = new FakeMap();
    const view = renderInMap(<Offer />, map);
    expect(returnButton()).not.toBeNull();
    map.centre = { lng: LAST.center[0], lat: LAST.center[1] };
    map.zoom = LAST.zoom;
    act(() => map.fire('moveend'));
    expect(returnButton()).toBeNull();

    view.unmount();
    saveLastView('user-1', LAST);
    renderInMap(<Offer />, new FakeMap());
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss last view' }));
    expect(returnButton()).toBeNull();
  });
});
