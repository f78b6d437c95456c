/**
 * The detail screens' way up one level (to the list they were opened from, its search and filters
 * kept), named for where it goes.
 */
import { ActionIcon, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';

export function BackButton({ label, onBack }: { label: string; onBack: () => void }) {
  return (
    <ActionIcon variant="subtle" color="gray.8" aria-label={label} onClick={onBack}>
      <IconArrowLeft size={20} />
    </ActionIcon>
  );
}

/** Goes up one path level, keeping the URL's search (the list's filters). */
export function useUpOneLevel(): () => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return () => void navigate({ pathname: '..', search }, { relative: 'path' });
}

/** A detail's title (h1, long names wrapped) behind its Back button. */
export function TitleWithBack({
  backLabel,
  onBack,
  children,
}: {
  backLabel: string;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
      <BackButton label={backLabel} onBack={onBack} />
      <Title order={1} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Title>
    </Group>
  );
}
