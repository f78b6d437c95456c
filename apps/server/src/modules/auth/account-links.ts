/**
 * Creates single-use reset and unlock tokens and mails their links; an invitation is a reset link
 * that lives longer (the new user chooses their first password with it). A request only queues the mail
 * (the account-mail job), durably before the API answers; the job creates the token and sends it, and
 * is retried until the mail server takes it.
 */
import { LOCK_AFTER_FAILED_SIGN_INS } from '@flare/core/constants';
import { periodInWords } from '@flare/core/text';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer } from '../../platform/mail/mailer';
import { accountMailJob, type AccountMail } from './account-mail.job';
import type { AuthRepository } from './auth.repository';
import { hashToken, newOpaqueToken } from './tokens';

export interface AccountLinkOptions {
  resetTtlSeconds: number;
  inviteTtlSeconds: number;
  unlockTtlSeconds: number;
  /** The dashboard's address, for the links. */
  baseUrl: () => string;
}

export class AccountLinks {
  constructor(
    private readonly repository: AuthRepository,
    private readonly mailer: Mailer,
    private readonly jobs: JobQueue,
    private readonly options: AccountLinkOptions,
  ) {}

  /** Queues the mail to the address (with or without an account); resolves once the job is stored. */
  async request(purpose: AccountMail['purpose'], email: string, invitedBy?: string): Promise<void> {
    await this.jobs.send(accountMailJob, { purpose, email, invitedBy });
  }

  /**
   * The job: sends the mail the address's user still needs: none without an account, to a suspended
   * user, an unlock once the account is unlocked, or an invitation once the user has signed in.
   */
  async deliver({ purpose, email, invitedBy }: AccountMail): Promise<void> {
    const user = await this.repository.findUserByEmail(email);
    if (!user || user.suspended_at) return;
    switch (purpose) {
      case 'reset':
        return this.sendReset(user);
      case 'unlock':
        return user.locked_at ? this.sendUnlock(user) : undefined;
      case 'invite':
        if (user.last_sign_in_at) return;
        return this.sendInvitation(user, invitedBy && (await this.repository.fullNameOf(invitedBy)));
    }
  }

  /** A new reset token for the user (earlier ones stop working). */
  async createResetToken(userId: string, ttlSeconds = this.options.resetTtlSeconds): Promise<string> {
    const token = newOpaqueToken();
    await this.repository.createAccountToken({
      userId,
      purpose: 'reset',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    });
    return token;
  }

  private resetLink(email: string, token: string): string {
    return `${this.options.baseUrl()}/welcome/reset/${encodeURIComponent(email)}/${token}`;
  }

  private async sendInvitation(
    user: { id: string; email: string; first_name: string; organization_name: string },
    inviter: string | undefined,
  ): Promise<void> {
    const token = await this.createResetToken(user.id, this.options.inviteTtlSeconds);
    const link = this.resetLink(user.email, token);
    await this.mailer.send({
      to: user.email,
      subject: `You have been invited to ${user.organization_name} on Flare`,
      link,
      text: [
        `Hello ${user.first_name},`,
        '',
        `${inviter || 'An administrator'} has invited you to ${user.organization_name} on Flare, the fleet and roadway-safety dashboard. To choose your password and sign in, open:`,
        '',
        link,
        '',
        `The link works once and expires in ${periodInWords(this.options.inviteTtlSeconds)}.`,
        'Once it has expired, ask your administrator to send a new invitation, or use "Forgot password" on the sign-in page.',
      ].join('\n'),
    });
  }

  private async sendReset(user: { id: string; email: string; first_name: string }): Promise<void> {
    const token = await this.createResetToken(user.id);
    const link = this.resetLink(user.email, token);
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your Flare password',
      link,
      text: [
        `Hello ${user.first_name},`,
        '',
        'Someone asked to reset the password of your Flare account. To choose a new password, open:',
        '',
        link,
        '',
        `The link works once and expires in ${periodInWords(this.options.resetTtlSeconds)}.`,
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    });
  }

  private async sendUnlock(user: { id: string; email: string; first_name: string }): Promise<void> {
    const token = newOpaqueToken();
    await this.repository.createAccountToken({
      userId: user.id,
      purpose: 'unlock',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + this.options.unlockTtlSeconds * 1000),
    });
    const link = `${this.options.baseUrl()}/welcome/unlock/${encodeURIComponent(user.email)}/${token}`;
    await this.mailer.send({
      to: user.email,
      subject: 'Unlock your Flare account',
      link,
      text: [
        `Hello ${user.first_name},`,
        '',
        `Your Flare account was locked after ${LOCK_AFTER_FAILED_SIGN_INS} failed sign-in attempts. To unlock it, open this link and sign in:`,
        '',
        link,
        '',
        `The link works once and expires in ${periodInWords(this.options.unlockTtlSeconds)}.`,
        'If these attempts were not yours, choose a new password after signing in.',
      ].join('\n'),
    });
  }
}
