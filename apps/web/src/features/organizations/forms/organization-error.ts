import { organizationErrorMessage } from '@flare/core/organizations/organization-rules';
import { ApiError } from '../../../lib/api-client';

/** The line the organisation screens show for a failed call. */
export const errorOf = (error: unknown): string =>
  error instanceof ApiError
    ? organizationErrorMessage(error.status, error.message)
    : organizationErrorMessage(500, null);
