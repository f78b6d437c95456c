/** A small button that copies a value, saying "Copied" for a moment (COPY_RESET_MS). */
import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { COPY_RESET_MS } from '@flare/core/constants';

export function CopyValueButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={COPY_RESET_MS}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'green.9' : 'gray.8'}
            size="sm"
            onClick={copy}
            aria-label={copied ? 'Copied' : label}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
