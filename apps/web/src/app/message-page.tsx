/** The message pages of spec 1 section 2, word for word. */
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useRouteError } from 'react-router';
import { MESSAGES } from '@flare/core/messages';

function MessagePage({ title, text, action }: { title: string; text?: string; action?: React.ReactNode }) {
  return (
    <Center mih="60vh" p="xl" component="main">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {text && <Text c="gray.7">{text}</Text>}
        {action}
      </Stack>
    </Center>
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

export function ErrorPage() {
  const error = useRouteError();
  console.error(error);
  return <MessagePage title={MESSAGES.incident} text={MESSAGES.errorDialogText} />;
}
