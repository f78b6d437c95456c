/**
 * Watches GET /api/version (first after 10 s, then every 600,000 ms); when the version differs from
 * the first one seen, a blocking notice covers the screen and the page reloads.
 */
import { Center, Overlay, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MESSAGES } from '@flare/core/messages';
import { timings } from '../../config/timings';
import { useVersion } from '../../lib/api/get-version';
import { LoadingIndicator } from '../../components/ui/loading-indicator';

export function VersionNotice() {
  const [{ versionFirstCheckMs, versionPollMs, versionReloadMs }] = useState(timings);
  const [polling, setPolling] = useState(false);
  const [firstVersion, setFirstVersion] = useState<string | null>(null);
  const { data: version } = useVersion(versionPollMs, polling);

  useEffect(() => {
    const timer = setTimeout(() => setPolling(true), versionFirstCheckMs);
    return () => clearTimeout(timer);
  }, [versionFirstCheckMs]);

  // Remember the first version seen (adjusting state while rendering, as React recommends).
  if (version && firstVersion === null) setFirstVersion(version);
  const changed = Boolean(version && firstVersion && version !== firstVersion);

  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => window.location.reload(), versionReloadMs);
    return () => clearTimeout(timer);
  }, [changed, versionReloadMs]);

  if (!changed) return null;
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.6} blur={2}>
      <Center h="100%">
        <Paper p="xl" role="alertdialog" aria-modal="true" aria-label="New version">
          <Stack align="center">
            <Text fw={600}>{MESSAGES.newVersion}</Text>
            <LoadingIndicator size="sm" label="Reloading" />
          </Stack>
        </Paper>
      </Center>
    </Overlay>
  );
}
