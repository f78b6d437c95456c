import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@flare/core/messages';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Mail } from '../../platform/mail/mailer';
import { AccountLinks } from './account-links';
import type { AuthRepository } from './auth.repository';

// Another number of failed sign-ins than today's, to see that the texts follow the constant.
vi.mock('@flare/core/constants', async (original) => ({
  ...(await original<typeof import('@flare/core/constants')>()),
  LOCK_AFTER_FAILED_SIGN_INS: 3,
}));

describe('the unlock e-mail and the lockout message', () => {
  it('name the number of failed sign-ins that locks an account', async () => {
    const sent: Mail[] = [];
    const links = new AccountLinks(
      {
        createAccountToken: () => Promise.resolve(),
        findUserByEmail: () =>
          Promise.resolve({
            id: 'user-1',
            email: 'a@b.test',
            first_name: 'Ann',
            suspended_at: null,
            locked_at: new Date(),
          }),
      } as unknown as AuthRepository,
      { send: (mail) => Promise.resolve(void sent.push(mail)) },
      {} as JobQueue,
      {
        resetTtlSeconds: 3600,
        unlockTtlSeconds: 3600,
        inviteTtlSeconds: 3600,
        baseUrl: () => 'https://flare.example.org',
      },
    );
    await links.deliver({ purpose: 'unlock', email: 'a@b.test' });
    expect(sent[0]!.text).toContain('locked after 3 failed sign-in attempts');
    expect(MESSAGES.lockedOut).toContain('locked after 3 failed sign-in attempts');
  });
});
