/** A full-page message: a title, a line of text and an action, centred. */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MainLandmark } from './main-landmark';

export function MessagePage({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <MainLandmark
      mih="60vh"
      p="xl"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {text && <Text c="gray.7">{text}</Text>}
        {action}
      </Stack>
    </MainLandmark>
  );
}
