/**
 * Integrations: the organisation's API keys, how many it may hold, and revoking one (after a
 * confirmation); the motorist-alert partners connected and the alerts delivered.
 */
import { Alert, Button, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Cell, StackedTable } from '../../components/ui/stacked-table';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { can } from '@flare/core/permissions/access';
import { API_KEY_SCOPE_LABELS, type ApiKey } from '@flare/core/schemas/api-key';
import { ServerErrorLine } from '../../components/ui/form-layout';
import { LoadingIndicator } from '../../components/ui/loading-indicator';
import { ApiError } from '../../lib/api-client';
import { AlertPartnersPanel } from './alert-partners-panel';
import { useApiKeys } from './api/get-api-keys';
import { useRevokeApiKey } from './api/revoke-api-key';
import { formatWhen } from '../../lib/format-time';
import { Authorization } from '../../components/ui/authorization';

const errorText = (error: unknown) =>
  error instanceof ApiError && error.status === 0
    ? MESSAGES.connectionFailed
    : error instanceof ApiError && error.status === 422
      ? error.message
      : MESSAGES.unknownFailure;

export function ApiKeysScreen() {
  return (
    <Authorization access="viewApiKeys">
      {({ permissions }) => <ApiKeys permissions={permissions} />}
    </Authorization>
  );
}

function ApiKeys({ permissions }: { permissions: readonly string[] }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { pathname } = useLocation();
  const full = keys.data ? keys.data.api_keys.length >= keys.data.limit : false;

  const confirmRevoke = async (key: ApiKey) => {
    setError(null);
    try {
      await revoke.mutateAsync(key.id);
    } catch (failure) {
      setError(errorText(failure));
    }
    setRevoking(null);
  };

  return (
    <Stack gap="md" p="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          API keys
        </Title>
        {can(permissions, 'createApiKey') && !full && (
          <Button component={Link} to={`${pathname.replace(/\/$/, '')}/new`}>
            New API key
          </Button>
        )}
      </Group>
      <Text size="sm">
        An API key lets another system report positions (POST /api/ingest/points) and read your organization's
        assets, sent as <code>X-Api-Key</code> or <code>Authorization: Bearer</code>. It cannot open the
        dashboard.
      </Text>
      {full && (
        <Alert color="yellow" py="xs" c="dark.9">
          {MESSAGES.apiKeyLimitReached}. Revoke a key, or contact support to raise the limit.
        </Alert>
      )}
      <ServerErrorLine message={keys.error ? errorText(keys.error) : error} />
      {!keys.data ? (
        !keys.error && <LoadingIndicator label="Loading API keys" />
      ) : (
        <StackedTable striped captionSide="top">
          <Table.Caption c="dark.9">
            {keys.data.api_keys.length} of {keys.data.limit} keys
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>May</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.api_keys.map((key) => (
              <Table.Tr key={key.id}>
                <Cell label="Description">{key.description}</Cell>
                <Cell label="Key">
                  <code>{key.token_prefix}…</code>
                </Cell>
                <Cell label="May">{key.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(', ')}</Cell>
                <Cell label="Created">{formatWhen(key.created_date)}</Cell>
                <Cell label="Last used">{key.last_used_at ? formatWhen(key.last_used_at) : 'Never'}</Cell>
                <Cell>
                  {can(permissions, 'revokeApiKey') && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      aria-label={`Revoke ${key.description}`}
                      onClick={() => setRevoking(key)}
                    >
                      Revoke
                    </Button>
                  )}
                </Cell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke API key">
        <Stack gap="sm">
          <Text size="sm">
            Revoke “{revoking?.description}”? Systems using it are refused at once. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() => revoking && void confirmRevoke(revoking)}
            >
              Revoke
            </Button>
          </Group>
        </Stack>
      </Modal>
      <AlertPartnersPanel />
    </Stack>
  );
}
