/**
 * The OpenID provider of single sign-on, through openid-client: its discovery document is read at
 * start and, while that fails (the provider unreachable, say), again when someone signs in. The
 * server starts either way; the failure is logged and shown by the health check.
 */
import * as oidc from 'openid-client';
import type { SingleSignOnHealth } from '@flare/core/schemas/common';
import type { OidcConfig } from '../../config';

/** Seconds a discovery request may take. */
const DISCOVERY_TIMEOUT_SECONDS = 10;

export class OpenIdProvider {
  private configuration: oidc.Configuration | null = null;
  private pending: Promise<oidc.Configuration> | null = null;
  private lastError: string | null = null;

  constructor(
    private readonly config: OidcConfig,
    private readonly onDiscoveryFailed: (error: unknown) => void,
  ) {}

  /** The provider's configuration, read once; a failed read is tried again at the next call. */
  async discovered(): Promise<oidc.Configuration> {
    if (this.configuration) return this.configuration;
    this.pending ??= this.discover().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  health(): SingleSignOnHealth {
    return { issuer: this.config.issuerUrl, ok: this.configuration !== null, error: this.lastError };
  }

  private async discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.config.issuerUrl);
    try {
      this.configuration = await oidc.discovery(
        issuer,
        this.config.clientId,
        this.config.clientSecret,
        undefined,
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          // Plain http only for a provider on this machine (development and tests).
          execute: isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
        },
      );
      this.lastError = null;
      return this.configuration;
    } catch (error) {
      this.lastError = `discovery of ${this.config.issuerUrl} failed: ${messageOf(error)}`;
      this.onDiscoveryFailed(error);
      throw error;
    }
  }
}

function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
