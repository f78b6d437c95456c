/**
 * The Zones list: wrong-way-driver zones with their status (Active while a wrong-way driver is
 * detected on them or an incident on them counts, else Standby) and the incidents counted, each with
 * the time it stops counting, a search over zone id, description and the assets along each, Add for
 * those who manage zones. A row selects its zone (drawn thicker on the map and centred).
 */
import { Button, Group, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconRoute, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { mayManageZone } from '@flare/core/permissions/zone-access';
import { subscribedOrganizationOf } from '../../../lib/subscribed-organization';
import { zonesLoadErrorMessage, zoneStatus, type Zone } from '@flare/core/schemas/zone';
import { searchZones } from '@flare/core/zones/zone-search';
import { GeoJsonActions } from '../../../components/ui/geojson-actions';
import { ImportDialog } from '../../../components/ui/import-dialog';
import { ListState, queryFailure } from '../../../components/ui/list-state';
import { Tag } from '../../../components/ui/tag';
import { ApiError } from '../../../lib/api-client';
import { formatClockTime } from '../../../lib/format-time';
import { callerOf } from '../../../lib/caller';
import { useSession } from '../../../lib/session';
import { useFeatureImport } from '../../../lib/feature-import';
import { useFileDrop } from '../../../lib/use-file-drop';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useZones, ZONES_KEY } from '../api/get-zones';
import { downloadZonesGeoJson, readZonesFile, ZONE_SAVER } from '../geojson/zones-geojson';
import { centreOnZone } from '../locate-zone';
import { ZONES_PATH } from '../zone-paths';

const ROW_MIN_HEIGHT = 64;

/** The spec's words for a failed load of the zones. */
const zoneLoadError = (error: unknown) =>
  error instanceof ApiError
    ? zonesLoadErrorMessage(error.status, error.message)
    : zonesLoadErrorMessage(0, undefined);

export function ZonesListScreen() {
  const profile = useSession()?.profile;
  const zones = useZones();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const { zoneId } = useParams();
  const [search, setSearch] = useState('');
  const all = useMemo(() => zones.data ?? [], [zones.data]);
  const rows = useMemo(() => searchZones(all, search), [all, search]);
  // Add and Import save into the organisation on show.
  const canManage =
    !!profile && mayManageZone(callerOf(profile), { organizationId: subscribedOrganizationOf(profile).id });
  const zoneImport = useFeatureImport(readZonesFile, ZONE_SAVER, ZONES_KEY);
  const importFile = canManage && !isMobile ? (file: File) => void zoneImport.start(file) : null;
  const { dragging, dropProps } = useFileDrop(zoneImport.state.phase === 'idle' ? importFile : null);

  const select = (zone: Zone) => {
    centreOnZone(zone);
    void navigate(`${ZONES_PATH}/${zone.id}`);
  };

  return (
    <Stack
      gap={0}
      h="100%"
      {...dropProps}
      style={dragging ? { outline: '2px dashed var(--mantine-color-blue-6)', outlineOffset: -2 } : undefined}
    >
      <Stack gap="xs" p="sm" pt={0}>
        <Group justify="space-between" align="baseline">
          <Title order={1} size="h4">
            Alerting Zones
          </Title>
          <Text size="sm" c="gray.7">
            Showing ({rows.length}/{all.length})
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label="Search zones"
            placeholder="Search zone, description or asset"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          {!isMobile && canManage && (
            <Button component={Link} to={`${ZONES_PATH}/new`}>
              Add
            </Button>
          )}
        </Group>
        <GeoJsonActions
          onExport={rows.length > 0 ? () => downloadZonesGeoJson(rows, profile?.userOrg.name ?? '') : null}
          onImport={importFile}
        />
      </Stack>
      <ListState
        failure={queryFailure(zones, zoneLoadError)}
        loading={!zones.data}
        loadingLabel="Loading zones"
        empty={rows.length === 0 ? 'No Zones' : null}
      >
        {() => (
          <Stack gap={0} role="list" aria-label="Zones" style={{ overflowY: 'auto', flex: 1 }}>
            {rows.map((zone) => (
              <ZoneRow
                key={zone.id}
                zone={zone}
                selected={zone.id === zoneId}
                canEdit={
                  !isMobile &&
                  !!profile &&
                  mayManageZone(callerOf(profile), { organizationId: zone.organization_id })
                }
                onSelect={() => select(zone)}
              />
            ))}
          </Stack>
        )}
      </ListState>
      <ImportDialog
        title="Import zones"
        noun={{ one: 'zone', many: 'zones' }}
        state={zoneImport.state}
        onClose={zoneImport.close}
      />
    </Stack>
  );
}

function ZoneRow({
  zone,
  selected,
  canEdit,
  onSelect,
}: {
  zone: Zone;
  selected: boolean;
  canEdit: boolean;
  onSelect: () => void;
}) {
  const status = zoneStatus(zone);
  const assets = zone.things.map((thing) => thing.name).join(', ');
  return (
    <Group
      role="listitem"
      gap="xs"
      wrap="nowrap"
      mih={ROW_MIN_HEIGHT}
      px="sm"
      py={4}
      bg={selected ? 'blue.0' : undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <UnstyledButton
        onClick={onSelect}
        aria-current={selected || undefined}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Group gap="sm" wrap="nowrap">
          <IconRoute size={20} aria-hidden />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {zone.external_id}
            </Text>
            <Text size="sm" c="gray.7" truncate>
              {[zone.description, assets].filter(Boolean).join(' · ') || 'No description'}
            </Text>
            {zone.active_locations.map((location) => (
              <Text key={location.id} size="sm" c="red.9" truncate>
                {location.external_id} {location.name} · until {formatClockTime(location.default_expiry)}
              </Text>
            ))}
          </Stack>
        </Group>
      </UnstyledButton>
      <Tag tone={status === 'active' ? 'danger' : 'neutral'}>
        {status === 'active' ? 'Active' : 'Standby'}
      </Tag>
      {canEdit && (
        <Button
          component={Link}
          to={`${ZONES_PATH}/${zone.id}/edit`}
          variant="subtle"
          size="compact-xs"
          aria-label={`Edit ${zone.external_id}`}
        >
          Edit
        </Button>
      )}
    </Group>
  );
}
