/** Someone else at work through the API (a colleague, an integration) while the page under test looks on. */
import { DEMO_PASSWORD } from './server';

export type ApiCall = <T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: T }>;

/** The user's access token, signed in through the API with the demo password. */
export async function accessTokenOf(url: string, email: string): Promise<string> {
  const signIn = await fetch(`${url}/api/user_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      application: 'dashboard',
      username: email,
      password: DEMO_PASSWORD,
    }),
  });
  return ((await signIn.json()) as { access_token: string }).access_token;
}

/** Signs the user in with the demo password; the calls then go to `/api{path}` as that user. */
export async function apiAs(url: string, email: string): Promise<ApiCall> {
  const access_token = await accessTokenOf(url, email);
  return async (method, path, body) => {
    // A JSON content type only with a body: the server refuses an empty body declared as JSON.
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
}
