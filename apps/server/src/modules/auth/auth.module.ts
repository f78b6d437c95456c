/**
 * Sign-in, tokens, sessions and account recovery. Registers the hook that admits signed-in callers
 * to every /api route (unless public) and checks their access group.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { LOCK_AFTER_FAILED_SIGN_INS, PASSWORD_EXPIRY_DAYS } from '@flare/core/constants';
import { registerAuthHook } from '../../platform/auth-hook';
import { sharedWhileUnderWay } from '../../platform/shared-lookup';
import { apiRoutes } from '../../platform/platform.plugin';
import { getOrCreateSetting } from '../../platform/settings';
import { AccountLinks } from './account-links';
import { accountMailJob } from './account-mail.job';
import { AuthRepository } from './auth.repository';
import { registerAuthRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { RecoveryService } from './recovery.service';
import { TokenSigner } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

export const authModule = fp(
  async (app) => {
    const { config } = app;
    const jwtSecret =
      config.jwtSecret ??
      (await getOrCreateSetting(app.db, 'jwt_secret', () => randomBytes(48).toString('base64url')));
    const repository = new AuthRepository(app.db);
    const links = new AccountLinks(repository, app.mailer, app.jobs, {
      resetTtlSeconds: config.resetTokenTtl,
      inviteTtlSeconds: config.inviteTokenTtl,
      unlockTtlSeconds: config.unlockTokenTtl,
      baseUrl: () => app.publicUrl(),
    });
    const recovery = new RecoveryService(repository, links, config.revealUnknownEmails);
    const auth = new AuthService(
      repository,
      app.events,
      new TokenSigner(jwtSecret, config.accessTokenTtl, config.jwtPreviousSecrets),
      config.refreshTokenTtl,
      recovery,
      links,
      {
        lockAfterFailures: LOCK_AFTER_FAILED_SIGN_INS,
        accountInactivityDays: config.accountInactivityDays,
        passwordExpiryDays: PASSWORD_EXPIRY_DAYS,
      },
    );
    app.decorate('auth', auth);
    await app.jobs.work(accountMailJob, (mail) => links.deliver(mail), { concurrency: 2 });
    const perApiKey = app.createRateLimit({
      max: config.apiKeyRateLimit,
      timeWindow: '1 minute',
      keyGenerator: (request) => `api-key:${request.principal?.apiKeyId ?? request.ip}`,
    });
    registerAuthHook(app, {
      user: (token) => auth.resolvePrincipal(token),
      // A fleet's reports through one key arrive together: they share the key's lookup under way.
      apiKey: sharedWhileUnderWay((key) => auth.resolveApiKey(key)),
      apiKeyWithinLimit: async (request) => {
        const limit = await perApiKey(request);
        return limit.isAllowed || !limit.isExceeded;
      },
    });
    await apiRoutes(app, (api) =>
      registerAuthRoutes(api, {
        auth,
        recovery,
        ipLimit: config.authRateLimitIp,
        emailLimit: config.authRateLimitEmail,
      }),
    );
  },
  { name: 'auth', dependencies: ['platform'] },
);
