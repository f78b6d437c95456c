/** Forgot password, unlock and reset (7 and 8). */
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_HISTORY } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { PasswordPolicySchema } from '@flare/core/schemas/password';
import { HttpError, notFound, unprocessable } from '../../platform/http-errors';
import type { AccountLinks } from './account-links';
import type { AuthRepository } from './auth.repository';
import { hashToken, sameSecret } from './tokens';

const success = { message: MESSAGES.forgotSuccess };

export class RecoveryService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly links: AccountLinks,
    private readonly revealUnknownEmails: boolean,
  ) {}

  /**
   * Queues a reset (or unlock) mail. Unless unknown addresses are revealed, a known and an unknown one
   * get the same answer after the same work: the mail job decides whether there is anything to send.
   */
  async forgotPassword(email: string): Promise<{ message: string }> {
    return this.requestMail('reset', email);
  }

  async unlockAccount(email: string): Promise<{ message: string }> {
    return this.requestMail('unlock', email);
  }

  private async requestMail(purpose: 'reset' | 'unlock', email: string): Promise<{ message: string }> {
    if (this.revealUnknownEmails && !(await this.repository.findUserByEmail(email)))
      throw notFound(MESSAGES.noSuchUser);
    await this.links.request(purpose, email);
    return success;
  }

  async resetPassword(token: string, password: string): Promise<{ message: string }> {
    const stored = await this.validToken(token, 'reset');
    if (!stored) throw notFound(MESSAGES.resetTokenExpired);
    if (stored.suspended_at) throw new HttpError(401, 'user_suspended', MESSAGES.userSuspendedContactSupport);
    if (!PasswordPolicySchema.safeParse(password).success) {
      throw unprocessable('invalid_password', MESSAGES.passwordRequirements);
    }
    const recent = await this.repository.recentPasswordHashes(stored.user_id, PASSWORD_HISTORY);
    for (const earlier of recent) {
      if (await verify(earlier, password)) throw unprocessable('password_reused', MESSAGES.passwordReused);
    }
    if (!(await this.repository.useAccountToken(stored.id))) throw notFound(MESSAGES.resetTokenExpired);
    await this.repository.changePassword(stored.user_id, await hash(password));
    return { message: MESSAGES.passwordSaved };
  }

  /** A stored, unused, unexpired token of that purpose, or undefined. */
  async validToken(token: string, purpose: 'reset' | 'unlock') {
    const tokenHash = hashToken(token);
    const stored = await this.repository.findAccountToken(tokenHash, purpose);
    if (!stored || !sameSecret(stored.token_hash, tokenHash)) return undefined;
    if (stored.used_at || stored.expires_at.getTime() <= Date.now()) return undefined;
    return stored;
  }
}
