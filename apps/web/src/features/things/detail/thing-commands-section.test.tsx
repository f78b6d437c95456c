import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeThing } from '@flare/core/testing/things';
import { COMMAND_MESSAGE_MS, DEVICE_COMMAND_MESSAGES as M } from '@flare/core/things/device-commands';
import { fakeApi } from '../../../testing/fake-api';
import { renderRoutes } from '../../../testing/render';
import { ThingCommandsSection } from './thing-commands-section';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** An HA5 responder standing by, which an R2R test may be sent to, with the device's answer given. */
function renderR2r(answer: { message: string; test_mode: boolean; delivered: boolean }, testMode = false) {
  const thing = makeThing({
    hardware: 'ha5',
    features: { r2r: true },
    is_responder: true,
    status: 'standby',
    test_mode: testMode,
  });
  fakeApi({ [`PUT /things/${thing.id}/r2r`]: () => ({ status: 200, body: answer }) });
  renderRoutes(
    [
      {
        path: '/dashboard/things',
        element: <ThingCommandsSection thing={thing} permissions={['thing:invoke_r2r']} />,
      },
    ],
    '/dashboard/things',
  );
}

describe('R2R test', () => {
  it('switching test mode on asks for the emergency lights, and the message clears after 10 s', async () => {
    vi.useFakeTimers();
    renderR2r({ message: M.alertDelivered, test_mode: true, delivered: true });
    fireEvent.click(screen.getByRole('switch', { name: 'R2R Test Mode' }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe(M.testModeOn));
    await act(() => vi.advanceTimersByTimeAsync(COMMAND_MESSAGE_MS.r2r - 100));
    expect(screen.getByRole('status')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('in test mode, with no message on show: "Go into Alerting Mode"', () => {
    renderR2r({ message: M.alertDelivered, test_mode: false, delivered: true }, true);
    expect(screen.getByText(M.goAlerting)).toBeTruthy();
  });

  it('an alert that did not reach the indicator says "Alert Not Delivered"', async () => {
    renderR2r({ message: M.alertNotDelivered, test_mode: true, delivered: false });
    fireEvent.click(screen.getByRole('button', { name: 'Send R2R Test' }));
    expect((await screen.findByRole('status')).textContent).toBe(M.alertNotDelivered);
  });
});
