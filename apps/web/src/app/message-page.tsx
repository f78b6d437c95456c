/** The full-page messages (not found, unauthorised and the like), word for word. */
import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { MainLandmark } from '../components/ui/main-landmark';
import { ChunkLoadError } from '../lib/lazy-screen';

function MessagePage({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
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

export function UnauthorizedPage() {
  return <MessagePage title={MESSAGES.unauthorizedPage} />;
}

export function MobileBlockedPage() {
  return <MessagePage title={MESSAGES.incident} text={MESSAGES.mobileBlocked} />;
}

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <MessagePage
      title={MESSAGES.notFound}
      action={<Button onClick={() => void navigate('/')}>{MESSAGES.notFoundButton}</Button>}
    />
  );
}

/** The router's errorElement: a screen threw while rendering, or its code did not load. */
export function ErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <MessagePage
      title={MESSAGES.incident}
      text={error instanceof ChunkLoadError ? MESSAGES.chunkLoadFailed : undefined}
      action={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
    />
  );
}
