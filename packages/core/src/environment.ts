/**
 * Which environment an installation is: development, test, staging or production. The server is
 * told (FLARE_ENVIRONMENT) and says so with its version; the dashboard it serves marks every page of
 * an installation that is not production, so no one mistakes test data for the real fleet. (One
 * build serves every environment: nothing is chosen by host name inside the app.)
 */
export const ENVIRONMENTS = ['development', 'test', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const DEFAULT_ENVIRONMENT: Environment = 'production';

export const ENVIRONMENT_LABELS: Record<Environment, string> = {
  development: 'Development',
  test: 'Test',
  staging: 'Staging',
  production: 'Production',
};

/** What a page of a non-production installation says at its top; null in production. */
export function environmentNotice(environment: Environment): string | null {
  return environment === 'production'
    ? null
    : `${ENVIRONMENT_LABELS[environment]} installation: not the live system`;
}
