/**
 * A real OpenID provider for single sign-on tests (oidc-provider, in this process, on a free port).
 * Its login page asks only for an e-mail address; whoever names one is signed in as that account,
 * with the claims `accounts` gives it (by default a verified address). Server tests drive the login
 * with `signIn`; browser tests fill the form.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccountClaims {
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestProvider {
  issuer: string;
  /** OIDC_* for a Flare server that signs in here. */
  env: Record<string, string>;
  /** Claims of the account of an address (in lower case), other than the defaults. */
  accounts: Map<string, TestAccountClaims>;
  /** Signs in at the provider as `email`: follows the authorization URL to the redirect back to Flare. */
  signIn(authorizationUrl: string, email: string): Promise<URL>;
  /** Registers Flare's callback once Flare listens (a browser test's server binds any free port). */
  redirectTo(redirectUri: string): void;
  close(): Promise<void>;
}

const CLIENT_ID = 'flare';
const CLIENT_SECRET = 'flare-test-client-secret';

const loginPage = (uid: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title></head>
<body><main><h1>Test provider</h1>
<form method="post" action="/interaction/${uid}">
<label for="email">Email</label> <input id="email" name="email" type="email" required>
<button type="submit">Continue</button>
</form></main></body></html>`;

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** `redirectUri`: Flare's callback (PUBLIC_URL + /api/sso/callback), or later by `redirectTo`. */
export async function startTestProvider(redirectUri = ''): Promise<TestProvider> {
  let callbackUri = redirectUri;
  const accounts = new Map<string, TestAccountClaims>();
  let handle: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri || `${issuer}/callback-not-registered-yet`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['test-provider-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_context, email) => ({
      accountId: email,
      claims: () => ({ sub: email, email, email_verified: true, ...accounts.get(email.toLowerCase()) }),
    }),
  });
  // The one callback allowed is the one registered last (oidc-provider's recipe for changing it).
  provider.Client.prototype.redirectUriAllowed = (value: string) => value === callbackUri;
  const callback = provider.callback();

  handle = (request, response) => {
    const interaction = /^\/interaction\/([\w-]+)$/.exec(request.url ?? '');
    if (!interaction) {
      void callback(request, response);
      return;
    }
    const uid = interaction[1]!;
    void (async () => {
      await provider.interactionDetails(request, response);
      if (request.method === 'GET') {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(loginPage(uid));
        return;
      }
      const email = (await formOf(request)).get('email') ?? '';
      const grant = new provider.Grant({ accountId: email, clientId: CLIENT_ID });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: email }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.statusCode = 400;
      response.end(String(error));
    });
  };

  return {
    issuer,
    env: {
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_PROVIDER_NAME: 'Test Provider',
    },
    accounts,
    redirectTo(uri) {
      callbackUri = uri;
    },
    async signIn(authorizationUrl, email) {
      const cookies = new Map<string, string>();
      const request = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(url, {
          ...init,
          redirect: 'manual',
          headers: {
            ...(init.headers as Record<string, string>),
            cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        return response;
      };
      const next = (response: Response, from: string) => {
        const location = response.headers.get('location');
        if (!location) throw new Error(`test provider: no redirect from ${from} (${response.status})`);
        return new URL(location, from).href;
      };
      const interactionUrl = next(await request(authorizationUrl), authorizationUrl);
      let url = next(
        await request(interactionUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email }).toString(),
        }),
        interactionUrl,
      );
      // The provider resumes the authorization, then sends the browser back to Flare.
      while (!url.startsWith(callbackUri)) url = next(await request(url), url);
      return new URL(url);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
