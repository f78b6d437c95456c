/**
 * The detail screens' way up one level (to the list they were opened from, its search and filters
 * kept), named for where it goes.
 */
import { ActionIcon } from '@mantine/core';
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
