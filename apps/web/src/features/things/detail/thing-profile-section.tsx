/** The profile section: names and numbers, badges, integrations and the edit link. */
import { ActionIcon, Anchor, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Thing } from '@flare/core/schemas/thing';
import { CopyValueButton } from '../../../components/ui/copy-value-button';
import { DetailField } from '../../../components/ui/detail-field';
import { Tag } from '../../../components/ui/tag';

const PROVIDER_NAMES = { geotab: 'Geotab', samsara: 'Samsara' } as const;

export function ThingProfileSection({
  thing,
  canEdit,
  wzdxOrg,
}: {
  thing: Thing;
  canEdit: boolean;
  wzdxOrg: boolean;
}) {
  // The spec shows a System Id only for API devices; every Flare device reports through an API
  // (OsmAnd, JSON batch, MQTT) with this id, and users need it to set one up, so it always shows.
  const id = thing.haas_id;
  const integrations = thing.external_identifiers.filter((i) => !i.is_deleted);
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Group gap={4}>
          <Title order={2} size="h5">
            Profile
          </Title>
          <Popover width={280} withinPortal>
            <Popover.Target>
              <ActionIcon variant="subtle" color="gray.8" size="sm" aria-label="About the profile">
                <IconInfoCircle size={16} />
              </ActionIcon>
            </Popover.Target>
            <Popover.Dropdown>
              <Text size="xs">
                The nickname is what the map and lists show. Type and subtype choose the icon and which
                features the asset offers; integrations link it to a telematics provider&apos;s vehicle.
              </Text>
            </Popover.Dropdown>
          </Popover>
        </Group>
        {canEdit && (
          <Anchor component={Link} to="edit/profile" size="sm">
            Edit profile
          </Anchor>
        )}
      </Group>
      <Group gap={6}>
        <Tag tone={thing.in_service ? 'positive' : 'neutral'}>
          {thing.in_service ? 'In-Service' : 'Out-of-Service'}
        </Tag>
        <Tag tone={thing.is_publicly_alerting ? 'danger' : 'neutral'}>
          {thing.is_publicly_alerting ? 'Alerting On' : 'Alerting Off'}
        </Tag>
        {thing.is_allowed_for_test_mode ? (
          <Tag tone={thing.features.r2r ? 'info' : 'neutral'}>
            {thing.features.r2r ? 'R2R Enabled' : 'R2R Disabled'}
          </Tag>
        ) : (
          wzdxOrg && thing.wzdx_enabled && <Tag tone="info">WZDx</Tag>
        )}
      </Group>
      <DetailField label="Nickname">{thing.nickname ?? '—'}</DetailField>
      <DetailField label="System Id">
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <span>{id}</span>
          <CopyValueButton value={id} label="Copy System Id" />
        </Group>
      </DetailField>
      <DetailField label="Type">{thing.thing_type.display_name}</DetailField>
      <DetailField label="Subtype">{thing.thing_subtype?.display_name ?? '—'}</DetailField>
      <DetailField label="VIN">{thing.vin_number || '—'}</DetailField>
      <DetailField label="Plate#">{thing.license_plate_number || '—'}</DetailField>
      <DetailField label="Vehicle Id">{thing.registry_number || '—'}</DetailField>
      <DetailField label="Integrations">
        {integrations.length === 0
          ? '—'
          : integrations.map((i) => (
              <div key={i.system_name}>
                {PROVIDER_NAMES[i.system_name]} | {i.identifier_id}
              </div>
            ))}
      </DetailField>
    </Stack>
  );
}
