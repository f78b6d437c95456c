/** "Download device configuration": the asset's configuration document, as `<asset>-configuration.json`. */
import { Button, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '@flare/core/messages';
import type { Thing } from '@flare/core/schemas/thing';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { ApiError } from '../../../lib/api-client';
import { configurationFileName, downloadFile } from '../../../lib/download-file';
import { deviceConfigurationQuery } from '../api/device-configuration';

export function DownloadConfigurationButton({
  thing,
}: {
  thing: Pick<Thing, 'id' | 'nickname' | 'haas_id'>;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = primaryDisplayName(thing);

  const download = async () => {
    setPending(true);
    setError(null);
    try {
      // The server's latest document, not a cached one.
      const configuration = await queryClient.fetchQuery({
        ...deviceConfigurationQuery(thing.id),
        staleTime: 0,
      });
      downloadFile(JSON.stringify(configuration, null, 2), 'application/json', configurationFileName(name));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : MESSAGES.unknownFailure);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={pending}
        aria-label={`Download device configuration of ${name}`}
        onClick={() => void download()}
      >
        Download device configuration
      </Button>
      {error && (
        <Text role="alert" size="xs" c="red.9">
          {error}
        </Text>
      )}
    </Stack>
  );
}
