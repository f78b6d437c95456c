import { Box, Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LegalFooter } from './legal-footer';

/** The frame of the sign-in, forgot and reset screens. */
export function WelcomeLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" mih="100vh" bg="gray.1" py="xl">
      <Center>
        <Stack w="100%" maw={420} px="md">
          <Title order={1} ta="center" c="red.9">
            Flare
          </Title>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Title order={2} size="h3" mb="md">
              {title}
            </Title>
            {children}
          </Paper>
          <LegalFooter />
        </Stack>
      </Center>
    </Box>
  );
}
