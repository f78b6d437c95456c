/** Sign-in, token refresh and revocation (7 and 8). */
import { hash, verify } from '@node-rs/argon2';
import type { TokenResponse } from '@flare/core/schemas/auth';
import { DASHBOARD_APPLICATION } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import { defaultSection } from '@flare/core/permissions/sections';
import { badRequest, HttpError, unauthorized, unprocessable } from '../../platform/http-errors';
import type { Principal, ResolvePrincipal } from '../../platform/auth-hook';
import type { EventBus } from '../../platform/bus/event-bus';
import type { AccountLinks } from './account-links';
import type { AuthRepository } from './auth.repository';
import type { RecoveryService } from './recovery.service';
import { hashToken, newOpaqueToken, type TokenSigner } from './tokens';

export interface PasswordGrant {
  application: string;
  username: string;
  password: string;
  unlock_token?: string | undefined;
}

export interface SignInRules {
  lockAfterFailures: number;
  accountInactivityDays: number;
  passwordExpiryDays: number;
}

const DAY_MS = 86_400_000;
/** How long the one-time code of a single sign-on may wait to be traded for the session's tokens. */
export const SIGN_IN_CODE_TTL_SECONDS = 120;

type SignInUser = NonNullable<Awaited<ReturnType<AuthRepository['findUserByEmail']>>>;

const wrongCredentials = () => badRequest('invalid_grant', MESSAGES.wrongCredentials);

/** Sign-in with a password older than the expiry: the answer carries a token to choose a new one. */
export class PasswordExpiredError extends HttpError {
  constructor(resetToken: string) {
    super(401, 'password_expired', MESSAGES.passwordExpired, undefined, { reset_token: resetToken });
  }
}
const expiredToken = () => unprocessable('invalid_grant', MESSAGES.tokenExpired);

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** The hash of a password nobody knows: a new user chooses theirs through the invitation link. */
export function unknowablePasswordHash(): Promise<string> {
  return hash(newOpaqueToken());
}

export class AuthService {
  /** Verified against when the email is unknown, so both answers take about as long. */
  private readonly dummyHash: Promise<string>;
  private apiKeyResolver: ResolvePrincipal | null = null;

  constructor(
    private readonly repository: AuthRepository,
    private readonly events: EventBus,
    private readonly signer: TokenSigner,
    private readonly refreshTtlSeconds: number,
    private readonly recovery: RecoveryService,
    private readonly links: AccountLinks,
    private readonly rules: SignInRules,
  ) {
    this.dummyHash = hashPassword(newOpaqueToken());
  }

  async passwordGrant(grant: PasswordGrant): Promise<TokenResponse> {
    if (grant.application !== DASHBOARD_APPLICATION) {
      throw badRequest('invalid_request', `Unknown application "${grant.application}"`);
    }
    const user = await this.repository.findUserByEmail(grant.username.trim());
    const passwordOk = await verify(user?.password_hash ?? (await this.dummyHash), grant.password);
    if (!user) throw wrongCredentials();
    if (user.locked_at) await this.unlockWith(grant.unlock_token, user.id, passwordOk);
    else if (!passwordOk) return this.failedSignIn(user);
    else if (user.failed_sign_in_attempts > 0) await this.repository.clearFailedSignIns(user.id);
    this.checkStanding(user);
    if (user.sign_in_method !== 'password')
      throw unauthorized('not_authorized_method', MESSAGES.notAuthorizedMethod);
    if (Date.now() - user.password_changed_at.getTime() > this.rules.passwordExpiryDays * DAY_MS) {
      throw new PasswordExpiredError(await this.links.createResetToken(user.id));
    }
    const session = await this.openSession(user, this.refreshExpiry());
    return this.tokenResponse(user.id, user.organization_id, session.id, session.refreshToken);
  }

  /**
   * Signs in a user whose e-mail address an identity provider has verified (single sign-on), in
   * organisations of either sign-in method. The account's rules of password sign-in apply (suspended,
   * locked, expired, no dashboard), the password's do not. Answers a one-time sign-in code: the new
   * session's first refresh token, valid for SIGN_IN_CODE_TTL_SECONDS; the dashboard trades it for
   * the session's tokens with the refresh grant, which uses it up.
   */
  async externalSignIn(email: string): Promise<string> {
    const user = await this.repository.findUserByEmail(email);
    if (!user) throw unauthorized('unknown_user', MESSAGES.ssoUnknownUser);
    if (user.locked_at) throw unauthorized('locked_out', MESSAGES.lockedOut, MESSAGES.lockedOut);
    this.checkStanding(user);
    const session = await this.openSession(user, new Date(Date.now() + SIGN_IN_CODE_TTL_SECONDS * 1000));
    return session.refreshToken;
  }

  /** Refuses suspended users, accounts expired by inactivity and organisations without the dashboard. */
  private checkStanding(user: SignInUser): void {
    if (user.suspended_at) throw unauthorized('user_suspended', MESSAGES.userSuspended);
    const lastActive = Math.max(
      (user.last_sign_in_at ?? user.created_at).getTime(),
      user.password_changed_at.getTime(),
    );
    if (Date.now() - lastActive > this.rules.accountInactivityDays * DAY_MS) {
      throw unauthorized('expired', MESSAGES.accountExpired);
    }
    if (!user.dashboard_enabled)
      throw unauthorized('not_safetycloud_enabled', MESSAGES.notAuthorizedForDashboard);
  }

  /** Opens a dashboard session for a user who may see a section of it, with its first refresh token. */
  private async openSession(user: SignInUser, refreshExpiresAt: Date) {
    const permissions = await this.repository.permissionsOfUser(user.id);
    if (defaultSection(permissions) === null) {
      throw new HttpError(403, 'not_authorized', MESSAGES.notAuthorizedForDashboard);
    }
    const refreshToken = newOpaqueToken();
    const session = await this.repository.openSession({
      userId: user.id,
      organizationId: user.organization_id,
      application: DASHBOARD_APPLICATION,
      tokenHash: hashToken(refreshToken),
      expiresAt: refreshExpiresAt,
    });
    return { id: session.id, refreshToken };
  }

  /**
   * A locked account opens only with a valid unlock token for it (from the unlock e-mail) and the
   * right password. The token is used up only then: with a wrong password it stays valid, and the
   * account stays locked.
   */
  private async unlockWith(unlockToken: string | undefined, userId: string, passwordOk: boolean) {
    const lockedOut = () => unauthorized('locked_out', MESSAGES.lockedOut, MESSAGES.lockedOut);
    const stored = unlockToken ? await this.recovery.validToken(unlockToken, 'unlock') : undefined;
    if (!stored || stored.user_id !== userId) throw lockedOut();
    if (!passwordOk) throw wrongCredentials();
    if (!(await this.repository.useAccountToken(stored.id))) throw lockedOut();
    await this.repository.clearFailedSignIns(userId);
  }

  private async failedSignIn(user: {
    id: string;
    email: string;
    first_name: string;
    locked_at: Date | null;
  }): Promise<never> {
    const { locked_at } = await this.repository.recordFailedSignIn(user.id, this.rules.lockAfterFailures);
    if (locked_at && !user.locked_at) await this.links.request('unlock', user.email);
    if (locked_at) throw unauthorized('locked_out', MESSAGES.lockedOut, MESSAGES.lockedOut);
    throw wrongCredentials();
  }

  async refreshGrant(refreshToken: string): Promise<TokenResponse> {
    const stored = await this.repository.findRefreshToken(hashToken(refreshToken));
    if (!stored || stored.revoked_at || stored.expires_at.getTime() <= Date.now()) throw expiredToken();
    if (stored.used_at) {
      // A rotated token came back: someone holds a copy. End the whole session.
      await this.repository.revokeSession(stored.session_id);
      throw expiredToken();
    }
    if (stored.suspended_at) {
      await this.repository.revokeSession(stored.session_id);
      throw unauthorized('user_suspended', MESSAGES.userSuspended);
    }
    if (stored.user_organization_id !== stored.organization_id) {
      // The user has moved to another organisation: the session's tokens name the old one.
      await this.repository.revokeSession(stored.session_id);
      throw expiredToken();
    }
    const next = newOpaqueToken();
    const rotated = await this.repository.rotateRefreshToken({
      tokenId: stored.id,
      sessionId: stored.session_id,
      tokenHash: hashToken(next),
      expiresAt: this.refreshExpiry(),
    });
    if (!rotated) {
      await this.repository.revokeSession(stored.session_id);
      throw expiredToken();
    }
    return this.tokenResponse(stored.user_id, stored.organization_id, stored.session_id, next);
  }

  /** Ends the session of a refresh or access token. Unknown tokens are not an error (RFC 7009). */
  async revoke(token: string): Promise<boolean> {
    const claims = await this.signer.verify(token);
    if (claims) return this.repository.revokeSession(claims.sessionId);
    const stored = await this.repository.findRefreshToken(hashToken(token));
    return stored ? this.repository.revokeSession(stored.session_id) : false;
  }

  /**
   * Ends every session of the user at once: their tokens stop working, their refresh tokens are
   * refused, and every server closes their live-feed sockets.
   */
  async endSessions(userId: string): Promise<void> {
    await this.repository.revokeUserSessions(userId);
    await this.events.emit('user.sessions-ended', { user_id: userId });
  }

  /** Queues the invitation e-mail of a new user (naming who invited them): a link to choose their first password. */
  async invite(email: string, invitedBy: string): Promise<void> {
    await this.links.request('invite', email, invitedBy);
  }

  /** The api-keys module resolves integrations' keys; until it registers, no key is accepted. */
  acceptApiKeys(resolve: ResolvePrincipal): void {
    this.apiKeyResolver = resolve;
  }

  resolveApiKey(key: string): Promise<Principal | null> {
    return this.apiKeyResolver ? this.apiKeyResolver(key) : Promise.resolve(null);
  }

  /** The caller behind an access token, or null when the token or its session is no longer valid. */
  async resolvePrincipal(accessToken: string): Promise<Principal | null> {
    const claims = await this.signer.verify(accessToken);
    if (!claims) return null;
    const user = await this.standingUser(claims);
    if (!user) {
      // Suspending ends the user's sessions; their next call says why, so the dashboard can tell them.
      if (await this.repository.isSuspended(claims.userId)) {
        throw unauthorized('user_suspended', MESSAGES.userSuspended);
      }
      return null;
    }
    return {
      userId: user.id,
      organizationId: claims.organizationId,
      sessionId: claims.sessionId,
      roleId: user.role_id,
      permissions: await this.repository.permissionsOfRole(user.role_id),
    };
  }

  /** Whether the principal's session still holds (checked again while a live-feed socket stays open). */
  async sessionOpen(principal: Principal): Promise<boolean> {
    return (await this.standingUser(principal)) !== null;
  }

  /**
   * The user of an open session, or null: the session is revoked, the user suspended, or the user now
   * belongs to another organisation than the one the token was issued for.
   */
  private async standingUser(claims: { sessionId: string; userId: string; organizationId: string }) {
    const user = await this.repository.findActiveSessionUser(claims.sessionId, claims.userId);
    if (!user || user.suspended_at || user.organization_id !== claims.organizationId) return null;
    return user;
  }

  async verifyAccessToken(accessToken: string) {
    const claims = await this.signer.verify(accessToken);
    if (!claims || !(await this.standingUser(claims))) throw expiredToken();
    return {
      valid: true as const,
      user_id: claims.userId,
      organization_id: claims.organizationId,
      expires_in: Math.max(0, Math.floor((claims.expiresAt - Date.now()) / 1000)),
    };
  }

  private refreshExpiry(): Date {
    return new Date(Date.now() + this.refreshTtlSeconds * 1000);
  }

  private async tokenResponse(
    userId: string,
    organizationId: string,
    sessionId: string,
    refreshToken: string,
  ): Promise<TokenResponse> {
    const now = Date.now();
    return {
      access_token: await this.signer.sign({ userId, organizationId, sessionId }, now),
      refresh_token: refreshToken,
      expires_in: this.signer.accessTtlSeconds,
      token_type: 'Bearer',
      created_at: Math.floor(now / 1000),
      scope: DASHBOARD_APPLICATION,
      uuid: sessionId,
    };
  }
}
