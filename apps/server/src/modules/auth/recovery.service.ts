/** Forgot password, unlock and reset (spec 1 sections 2, 5, 7 and 8). */
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

  async forgotPassword(email: string): Promise<{ message: string }> {
    const user = await this.repository.findUserByEmail(email);
    if (!user) return this.unknownEmail();
    if (!user.suspended_at)
      this.links.dispatch(this.links.sendReset(user), { userId: user.id, mail: 'reset' });
    return success;
  }

  async unlockAccount(email: string): Promise<{ message: string }> {
    const user = await this.repository.findUserByEmail(email);
    if (!user) return this.unknownEmail();
    if (user.locked_at && !user.suspended_at) {
      this.links.dispatch(this.links.sendUnlock(user), { userId: user.id, mail: 'unlock' });
    }
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

  private unknownEmail(): { message: string } {
    if (this.revealUnknownEmails) throw notFound(MESSAGES.noSuchUser);
    return success;
  }
}
