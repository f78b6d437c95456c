/**
 * The export wizard: step 1 the type, step 2 its form, step 3 "Export In-Progress". Back clears the
 * type; "Got It" loads the list again and returns to it (its In-Progress tab) after a moment.
 */
import { Button, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { exportTypeLabel } from '@flare/core/exports/export-rules';
import { eventsLabel } from '@flare/core/labels';
import { EXPORT_MESSAGES, EXPORT_TYPES, type ExportType } from '@flare/core/schemas/export';
import { timings } from '../../../config/timings';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';
import { useCreateExport } from '../api/create-export';
import { EXPORTS_KEY } from '../api/get-exports';
import { ExportForm } from './export-form';

export function NewExportScreen() {
  const organization = useSubscribedOrganization();
  const respondersType = organization?.responders_type ?? 'none';
  const [type, setType] = useState<ExportType | null>(null);
  const [done, setDone] = useState(false);
  const create = useCreateExport();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const describe: Record<ExportType, string> = {
    incident: `${eventsLabel(respondersType)} of a period with the chosen assets on scene`,
    point: 'Every report the chosen assets sent in a period',
    thing: 'The chosen assets: profile and current state',
    closure: 'Closures of the chosen types or assets in place during a period',
  };

  const gotIt = () => {
    void queryClient.invalidateQueries({ queryKey: EXPORTS_KEY });
    setTimeout(() => void navigate('/dashboard/data/exports?tab=in-progress'), timings().exportGotItMs);
  };

  if (done)
    return (
      <Stack p="md" gap="sm">
        <Title order={1} size="h3">
          {EXPORT_MESSAGES.inProgressTitle}
        </Title>
        <Text size="sm">{EXPORT_MESSAGES.inProgressText}</Text>
        <Button onClick={gotIt} style={{ alignSelf: 'flex-start' }}>
          {EXPORT_MESSAGES.gotIt}
        </Button>
      </Stack>
    );

  return (
    <Stack p="md" gap="sm" style={{ minHeight: 0, overflowY: 'auto' }}>
      <Title order={1} size="h3">
        New {type ? `${exportTypeLabel(type, respondersType)} ` : ''}Export
      </Title>
      {type === null ? (
        <>
          <Text size="sm">Choose what to export.</Text>
          <SimpleGrid cols={2} spacing="xs">
            {EXPORT_TYPES.map((option) => (
              <UnstyledButton
                key={option}
                onClick={() => setType(option)}
                p="sm"
                style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
              >
                <Text fw={600} size="sm">
                  {exportTypeLabel(option, respondersType)}s
                </Text>
                <Text size="xs" c="gray.7">
                  {describe[option]}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </>
      ) : (
        organization && (
          <ExportForm
            key={type}
            type={type}
            organizationId={organization.id}
            respondersType={respondersType}
            pending={create.isPending}
            error={create.error?.message ?? null}
            onBack={() => {
              create.reset();
              setType(null);
            }}
            onSubmit={(input) => create.mutate(input, { onSuccess: () => setDone(true) })}
          />
        )
      )}
    </Stack>
  );
}
