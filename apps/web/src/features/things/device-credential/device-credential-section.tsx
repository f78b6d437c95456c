/**
 * "Device credential" on the asset detail panel, for those who may manage it: when the credential was
 * issued, a new one (shown once, with the Traccar Client QR code), and whether the asset's System Id
 * alone is still accepted (legacy devices; anyone who knows the System Id could then report for it).
 */
import { Alert, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { MESSAGES } from '@flare/core/messages';
import type { IssuedDeviceCredential } from '@flare/core/things/device-credential';
import { ApiError } from '../../../lib/api-client';
import {
  useDeviceCredential,
  useIssueDeviceCredential,
  useSetLegacyDeviceId,
} from '../api/device-credential';
import { DeviceCredentialReveal } from './device-credential-reveal';
import { formatWhen } from '../../../lib/format-time';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : MESSAGES.unknownFailure);

export function DeviceCredentialSection({ thingId }: { thingId: string }) {
  const state = useDeviceCredential(thingId, true);
  const issue = useIssueDeviceCredential(thingId);
  const setLegacy = useSetLegacyDeviceId(thingId);
  const [issued, setIssued] = useState<IssuedDeviceCredential | null>(null);
  const [confirming, setConfirming] = useState(false);
  const issuedAt = state.data?.issued_at ?? null;
  // Seen through another organisation's access: not the caller's to manage.
  if (state.error instanceof ApiError && state.error.status === 422) return null;

  const issueNew = () =>
    issue.mutate(undefined, {
      onSuccess: (credential) => {
        setConfirming(false);
        setIssued(credential);
      },
    });

  return (
    <Stack gap="xs" aria-labelledby="device-credential-title" component="section">
      <Title order={2} size="h6" id="device-credential-title">
        Device credential
      </Title>
      {state.isPending ? (
        <Text size="sm">Loading...</Text>
      ) : state.isError ? (
        <Alert color="red.9">{failure(state.error)}</Alert>
      ) : (
        <>
          <Text size="sm">{issuedAt ? `Issued ${formatWhen(issuedAt)}` : 'None issued yet'}</Text>
          <Switch
            label="Accept the System Id alone (legacy device)"
            description="Anyone who knows the System Id can then report positions for this asset."
            styles={{ description: { color: 'var(--mantine-color-gray-8)' } }}
            checked={state.data.legacy_device_id}
            disabled={setLegacy.isPending}
            onChange={(event) => setLegacy.mutate(event.currentTarget.checked)}
          />
          {confirming ? (
            <Alert color="yellow.9" title="Issue a new credential?">
              <Stack gap="xs">
                <Text size="sm">The device stops reporting until it is set up with the new one.</Text>
                <Group gap="xs">
                  <Button size="xs" loading={issue.isPending} onClick={issueNew}>
                    Issue new credential
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group>
              <Button
                size="xs"
                variant="default"
                loading={issue.isPending}
                onClick={() => (issuedAt ? setConfirming(true) : issueNew())}
              >
                {issuedAt ? 'New credential' : 'Issue credential'}
              </Button>
            </Group>
          )}
          {(issue.isError || setLegacy.isError) && (
            <Alert color="red.9">{failure(issue.error ?? setLegacy.error)}</Alert>
          )}
        </>
      )}
      <DeviceCredentialReveal issued={issued} onClose={() => setIssued(null)} />
    </Stack>
  );
}
