/**
 * The accounts' Assets tab: the organisation's assets (those it owns or manages) from the live-things
 * store, each with its type, device type and service state, a link to its edit screen and its device
 * configuration download; Org Admins register new ones here.
 */
import type { Profile } from '@flare/core/schemas/profile';
import { Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { can } from '@flare/core/permissions/access';
import { mayChangeThing } from '@flare/core/permissions/thing-access';
import { DEVICE_TYPE_LABELS, DEVICE_TYPES, type Thing } from '@flare/core/schemas/thing';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import { ListState } from '../../../components/ui/list-state';
import { Cell, StackedTable } from '../../../components/ui/stacked-table';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';
import { DownloadConfigurationButton } from '../device-configuration/download-configuration-button';
import { useLiveThings } from '../live/live-things-store';
import { liveThingPath } from '../thing-path';
import { Authorization } from '../../../components/ui/authorization';

const deviceTypeLabel = (type: string) =>
  Object.hasOwn(DEVICE_TYPE_LABELS, type) ? DEVICE_TYPE_LABELS[type as (typeof DEVICE_TYPES)[number]] : type;

/** The assets the organisation may change, by name. */
function administeredThings(things: Iterable<Thing>, organizationId: string): Thing[] {
  return [...things]
    .filter((thing) =>
      mayChangeThing([organizationId], {
        ownerId: thing.organization.id,
        managerIds: thing.organization_relationships
          .filter((relation) => relation.relationship_type === 'manager')
          .map((relation) => relation.organization_uuid),
      }),
    )
    .sort((a, b) => primaryDisplayName(a).localeCompare(primaryDisplayName(b)));
}

export function AssetsScreen() {
  return <Authorization access="manageThings">{(profile) => <Assets profile={profile} />}</Authorization>;
}

function Assets({ profile }: { profile: Profile }) {
  const organization = useSubscribedOrganization();
  const { items: things, loaded, failure } = useLiveThings();
  const rows = useMemo(
    () => (organization ? administeredThings(things.values(), organization.id) : []),
    [things, organization],
  );
  return (
    <Stack gap="md" p="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Assets
        </Title>
        {can(profile.permissions, 'registerThing') && (
          <Button component={Link} to="new" leftSection={<IconPlus size={16} aria-hidden />}>
            Register Asset
          </Button>
        )}
      </Group>
      <ListState failure={failure} loading={!loaded} loadingLabel="Loading assets" empty={null}>
        {() => (
          <>
            <StackedTable striped highlightOnHover captionSide="top">
              <Table.Caption c="dark.9">
                {organization?.name}: {rows.length} assets
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Device type</Table.Th>
                  <Table.Th>In service</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((thing) => (
                  <AssetRow key={thing.id} thing={thing} />
                ))}
              </Table.Tbody>
            </StackedTable>
            {rows.length === 0 && (
              <Text c="gray.7" size="sm">
                No Assets Available
              </Text>
            )}
          </>
        )}
      </ListState>
    </Stack>
  );
}

function AssetRow({ thing }: { thing: Thing }) {
  const name = primaryDisplayName(thing);
  return (
    <Table.Tr>
      <Cell label="Name">
        <Anchor component={Link} to={liveThingPath(thing.id)}>
          {name}
        </Anchor>
      </Cell>
      <Cell label="Type">{thing.thing_type.display_name}</Cell>
      <Cell label="Device type">{deviceTypeLabel(thing.device_type)}</Cell>
      <Cell label="In service">{thing.in_service ? 'Yes' : 'No'}</Cell>
      <Cell>
        <Group gap="xs" wrap="nowrap">
          <Anchor
            component={Link}
            to={`${liveThingPath(thing.id)}/edit`}
            aria-label={`Edit ${name}`}
            size="sm"
          >
            Edit
          </Anchor>
          <DownloadConfigurationButton thing={thing} />
        </Group>
      </Cell>
    </Table.Tr>
  );
}
