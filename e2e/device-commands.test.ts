/**
 * Device commands from the asset panel against a real server whose commands go to the built-in
 * simulator: an admin sends an R2R test to a standby patrol car (HA5) and sees "Alert Delivered", then
 * changes its LED intensity ("Update was successful"); a user without the R2R permission sees the
 * buttons disabled with the reason. Axe on the panel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoThingId } from '@flare/server/src/seed/demo-fleet';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { sendOsmandReport } from './support/osmand';
import { signInAs } from './support/sign-in';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
const CAR = { id: demoThingId('SPD-CAR-101'), device: 'SPD-CAR-101' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { SIMULATOR: 'false' } }), openBrowser()]);
  const osmandPort = server.osmandPort;
  // A check-in standing still: standby, where an R2R test may be sent.
  await sendOsmandReport(osmandPort, CAR.device, { speed: '0', accuracy: '5' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('sends an R2R test and sees "Alert Delivered"; updates the LED', async () => {
  const page = await browser.newPage();
  await signInAs(page, server.url, 'admin@springfield-pd.test');
  await page.goto(`${server.url}/dashboard/things/${CAR.id}`);
  const section = page.getByRole('region', { name: 'Device commands' });
  await section.getByRole('button', { name: 'Send R2R Test' }).click();
  await section.getByRole('status').filter({ hasText: 'Alert Delivered' }).waitFor();
  await section.getByRole('switch', { name: 'R2R Test Mode' }).and(page.locator(':checked')).waitFor();
  await expectAccessible(page);

  await section.getByRole('combobox', { name: 'LED intensity' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await section.getByRole('button', { name: 'Update LED' }).click();
  await section.getByRole('status').filter({ hasText: 'Update was successful' }).waitFor();
  await page.close();
});

it('shows the buttons disabled, with the reason, to a user without the R2R permission', async () => {
  const page = await browser.newPage();
  await signInAs(page, server.url, 'user@springfield-pd.test');
  await page.goto(`${server.url}/dashboard/things/${CAR.id}`);
  const section = page.getByRole('region', { name: 'Device commands' });
  const send = section.getByRole('button', { name: 'Send R2R Test' });
  await send.waitFor();
  if (await send.isEnabled()) throw new Error('Send R2R Test should be disabled');
  // The reason is shown, not only on hover (a disabled button takes no focus), and describes the button.
  const reason = section.getByText('Not authorized').first();
  await reason.waitFor();
  const described = await send.getAttribute('aria-describedby');
  expect(described).toBe(await reason.getAttribute('id'));
  await expectAccessible(page);
  await page.close();
});

describe('with devices that refuse every change', () => {
  let refusing: RunningServer;
  beforeAll(async () => {
    refusing = await startServer({
      env: { SIMULATOR: 'false', DEVICE_SIMULATOR_FAILURE_RATE: '1' },
    });
    await sendOsmandReport(refusing.osmandPort, CAR.device, { speed: '0', accuracy: '5' });
  });
  afterAll(() => refusing?.stop());

  it('rolls the LED back to what the device holds, and says the R2R test failed', async () => {
    const page = await browser.newPage();
    await signInAs(page, refusing.url, 'admin@springfield-pd.test');
    await page.goto(`${refusing.url}/dashboard/things/${CAR.id}`);
    const section = page.getByRole('region', { name: 'Device commands' });
    const led = section.getByRole('combobox', { name: 'LED intensity' });
    await expect.poll(() => led.inputValue()).toBe('Medium');
    await led.click();
    await page.getByRole('option', { name: 'High' }).click();
    await section.getByRole('button', { name: 'Update LED' }).click();
    await section.getByRole('status').filter({ hasText: 'Something went wrong' }).waitFor();
    await expect.poll(() => led.inputValue()).toBe('Medium');

    await section.getByRole('button', { name: 'Send R2R Test' }).click();
    await section.getByRole('status').filter({ hasText: 'Unable to activate Test Mode' }).waitFor();
    await page.close();
  });
});
