/** Single sign-on with an OpenID Connect provider (OIDC_*): its routes, and its state in the health check. */
import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { apiRoutes } from '../../platform/platform.plugin';
import { getOrCreateSetting } from '../../platform/settings';
import { FlowSigner } from './flow-cookie';
import { OpenIdProvider } from './openid-provider';
import { registerSingleSignOnRoutes } from './single-sign-on.routes';
import { SingleSignOnService } from './single-sign-on.service';

declare module 'fastify' {
  interface FastifyInstance {
    singleSignOn: SingleSignOnService;
  }
}

export const singleSignOnModule = fp(
  async (app) => {
    const oidc = app.config.oidc;
    let setup = null;
    if (oidc) {
      const provider = new OpenIdProvider(oidc, (error) =>
        app.log.error({ err: error, issuer: oidc.issuerUrl }, 'single sign-on: provider discovery failed'),
      );
      // Not awaited: the server starts while the provider is out of reach (sign-in tries again).
      provider.discovered().catch(() => undefined);
      const secret = await getOrCreateSetting(app.db, 'sso_flow_secret', () =>
        randomBytes(48).toString('base64url'),
      );
      setup = {
        config: oidc,
        provider,
        flows: new FlowSigner(secret),
        redirectUri: () => `${app.publicUrl()}/api/sso/callback`,
      };
    }
    const service = new SingleSignOnService(setup, app.auth, app.users);
    app.decorate('singleSignOn', service);
    await app.register(fastifyCookie);
    await apiRoutes(app, (api) =>
      registerSingleSignOnRoutes(api, {
        service,
        ipLimit: app.config.authRateLimitIp,
        secureCookie: app.publicUrl().startsWith('https://'),
      }),
    );
  },
  { name: 'single-sign-on', dependencies: ['platform', 'auth', 'users'] },
);
