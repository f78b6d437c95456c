/** The full-page messages (not found, unauthorised and the like), word for word. */
import { Button } from '@mantine/core';
import { useNavigate, useRouteError } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { MessagePage } from '../components/ui/message-page';
import { ChunkLoadError } from '../lib/lazy-screen';

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
