/** A live collection's first load failed: why, in the product's fixed wording, and a way to try again. */
import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { LoadFailure } from '../../live/keyed-store';

export function LoadFailureNotice({ failure }: { failure: LoadFailure }) {
  return (
    <Stack align="center" gap="sm" p="lg">
      <Text role="alert" fw={600}>
        {failure.message}
      </Text>
      <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={failure.retry}>
        Retry
      </Button>
    </Stack>
  );
}
