/**
 * Watches /api/version (first after 10 s, then every 600,000 ms); when the version changes, a
 * blocking notice covers the screen and the page reloads.
 */
import { Overlay, Center, Paper, Text, Loader, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@flare/core/messages';
import { timings } from '../../config/timings';
import { apiFetch } from '../../lib/api-client';

export function VersionNotice() {
  const first = useRef<string | null>(null);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const check = async () => {
      try {
        const { version } = await apiFetch<{ version: string }>('/version', { authenticated: false });
        first.current ??= version;
        if (version !== first.current) setChanged(true);
      } catch {
        // Unreachable: the offline banner says so; try again at the next poll.
      }
    };
    const start = setTimeout(() => {
      void check();
      interval = setInterval(() => void check(), timings().versionPollMs);
    }, timings().versionFirstCheckMs);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, []);

  useEffect(() => {
    if (!changed) return;
    const timer = setTimeout(() => window.location.reload(), timings().versionReloadMs);
    return () => clearTimeout(timer);
  }, [changed]);

  if (!changed) return null;
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.6} blur={2}>
      <Center h="100%">
        <Paper p="xl" role="alertdialog" aria-label="New version">
          <Stack align="center">
            <Text fw={600}>{MESSAGES.newVersion}</Text>
            <Loader size="sm" />
          </Stack>
        </Paper>
      </Center>
    </Overlay>
  );
}
