import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES } from '@flare/core/messages';
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
      { createAccountToken: () => Promise.resolve() } as unknown as AuthRepository,
      { send: (mail) => Promise.resolve(void sent.push(mail)) },
      {} as FastifyBaseLogger,
      { resetTtlSeconds: 3600, unlockTtlSeconds: 3600, baseUrl: () => 'https://flare.example.org' },
    );
    await links.sendUnlock({ id: 'user-1', email: 'a@b.test', first_name: 'Ann' });
    expect(sent[0]!.text).toContain('locked after 3 failed sign-in attempts');
    expect(MESSAGES.lockedOut).toContain('locked after 3 failed sign-in attempts');
  });
});
