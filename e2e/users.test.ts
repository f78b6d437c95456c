/**
 * Users in the browser: an administrator invites a colleague, who follows the mailed link, chooses a
 * password and signs in; suspending a signed-in user ends their session at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import { startMailCatcher, type MailCatcher } from '@flare/server/test/mail-catcher';
import { expectAccessible, openBrowser, type Browser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { fillSignIn, signInAs } from './support/sign-in';

let server: RunningServer;
let browser: Browser;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  [server, browser] = await Promise.all([startServer({ env: { SMTP_URL: mail.url } }), openBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
});

async function mailedLink(to: string): Promise<string> {
  const message = await mail.next(to);
  const link = /(https?:\/\/\S+\/welcome\/\S+)/.exec(message.text)?.[1];
  if (!link) throw new Error(`no link in:\n${message.text}`);
  return link;
}

describe('users', () => {
  it('invite a user -> mailed link -> choose a password -> sign in', async () => {
    const email = 'new.officer@springfield-pd.test';
    const admin = await browser.newPage();
    try {
      await signInAs(admin, server.url, 'orgadmin@springfield-pd.test');
      await admin.goto(`${server.url}/dashboard/accounts-new/users`);
      await admin.getByRole('link', { name: 'Admin Demo' }).waitFor();
      await expectAccessible(admin);
      await admin.getByRole('link', { name: 'New User' }).click();
      await admin.waitForURL('**/accounts-new/users/new');
      await admin.getByRole('textbox', { name: /First name/ }).fill('New');
      await admin.getByRole('textbox', { name: /Last name/ }).fill('Officer');
      await admin.getByRole('textbox', { name: /Email/ }).fill(email);
      await admin.getByRole('combobox', { name: 'Role' }).click();
      await admin.getByRole('option', { name: 'User', exact: true }).click();
      await expectAccessible(admin);
      await admin.getByRole('button', { name: 'Create and invite' }).click();
      await admin.waitForURL('**/accounts-new/users');
      const row = admin.getByRole('row').filter({ hasText: email });
      await row.getByText('Invited').waitFor();

      // The same address again: the catalogue message under the buttons, nothing created.
      await admin.getByRole('link', { name: 'New User' }).click();
      await admin.getByRole('textbox', { name: /First name/ }).fill('Twin');
      await admin.getByRole('textbox', { name: /Last name/ }).fill('Officer');
      await admin.getByRole('textbox', { name: /Email/ }).fill(email.toUpperCase());
      await admin.getByRole('combobox', { name: 'Role' }).click();
      await admin.getByRole('option', { name: 'Media' }).click();
      await admin.getByRole('button', { name: 'Create and invite' }).click();
      await admin.getByText(MESSAGES.emailInUse).waitFor();
    } finally {
      await admin.close();
    }

    const invited = await browser.newPage();
    try {
      await invited.goto(await mailedLink(email));
      await invited.getByLabel('New password').fill('Officer!2026');
      await invited.getByLabel('Confirm password').fill('Officer!2026');
      await invited.getByRole('button', { name: 'Save Password' }).click();
      await invited.getByText(MESSAGES.passwordSaved).waitFor();
      await invited.waitForURL('**/welcome/signin');
      await fillSignIn(invited, email, 'Officer!2026');
      await invited.waitForURL('**/dashboard/things');
    } finally {
      await invited.close();
    }
  });

  it('suspending a signed-in user ends their session at once; re-activating lets them back in', async () => {
    const email = 'user@springfield-pd.test';
    const user = await browser.newPage();
    const admin = await browser.newPage();
    try {
      await signInAs(user, server.url, email);
      await signInAs(admin, server.url, 'admin@springfield-pd.test');
      await admin.goto(`${server.url}/dashboard/accounts/users`);
      await admin.getByRole('link', { name: 'User Demo' }).click();
      await admin.waitForURL('**/accounts/users/*/edit');
      await admin.getByRole('button', { name: 'Suspend user' }).waitFor();
      await expectAccessible(admin);
      await admin.getByRole('button', { name: 'Suspend user' }).click();
      const confirm = admin.getByRole('dialog', { name: 'Suspend user' });
      await expectAccessible(admin);
      await confirm.getByRole('button', { name: 'Suspend', exact: true }).click();
      await admin.getByText('This user is suspended and cannot sign in.').waitFor();

      // No reload and no click on the user's page: the live feed closes, the session ends, saying why
      // (on the way out, and on the sign-in screen after).
      await user.getByRole('dialog', { name: MESSAGES.userSuspended }).waitFor({ timeout: 10_000 });
      await user.waitForURL('**/welcome/signin');
      await user.getByRole('status').filter({ hasText: MESSAGES.userSuspended }).waitFor();
      await fillSignIn(user, email);
      await user.getByRole('alert').filter({ hasText: MESSAGES.userSuspended }).waitFor();

      await admin.getByRole('button', { name: 'Re-activate user' }).click();
      await admin.getByRole('button', { name: 'Suspend user' }).waitFor();
      await fillSignIn(user, email);
      await user.waitForURL('**/dashboard/**');
      expect(user.url()).toContain('/dashboard/');
    } finally {
      await user.close();
      await admin.close();
    }
  });
});
