/**
 * The Areas list: "Showing (x/y)", the Area Types filter, a search, Add and Import (for those who may
 * add areas to their organisation; a GeoJSON file may also be dropped on the list), Export GeoJSON of
 * the areas listed, and the areas, each opening its detail.
 */
import { Button, Group, MultiSelect, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { mayAddArea } from '@flare/core/permissions/area-access';
import { AREA_ROW_HEIGHT } from '@flare/core/constants';
import { areaListErrorMessage, type Area } from '@flare/core/schemas/area';
import { ListState, queryFailure } from '../../../components/ui/list-state';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useAreas } from '../api/get-areas';
import { useEzTypes } from '../api/get-ez-types';
import { callerOf } from '../../../lib/caller';
import { useSubscribedOrganization } from '../../../lib/subscribed-organization';
import { GeoJsonActions } from '../../../components/ui/geojson-actions';
import { ImportDialog } from '../../../components/ui/import-dialog';
import { useFileDrop } from '../../../lib/use-file-drop';
import { downloadAreasGeoJson } from '../geojson/export-areas';
import { useAreaImport } from '../geojson/use-area-import';
import { centreOnArea } from '../locate-area';
import { areaPlace, filterAreas } from './filter-areas';
import { HelpTip } from '../../../components/ui/help-tip';

/** The spec's words for a failed load of the areas. */
const areaLoadError = (error: unknown) =>
  error instanceof ApiError ? areaListErrorMessage(error.status) : MESSAGES.unknownFailure;

export function AreasListScreen() {
  const profile = useSession()?.profile;
  const areas = useAreas();
  const types = useEzTypes();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [typeIds, setTypeIds] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const all = useMemo(() => areas.data ?? [], [areas.data]);
  const rows = useMemo(() => filterAreas(all, { typeIds, search }), [all, typeIds, search]);
  // Add saves into the organisation on show: shown there for the user's own organisation (enabled when
  // they may add), and for another (switched to) only to a platform admin, who may add to it.
  const subscribed = useSubscribedOrganization();
  const onShow = subscribed?.id ?? profile?.userOrg.id ?? '';
  const canAdd = !!profile && mayAddArea(callerOf(profile), { organizationId: onShow, avType: false });
  const showAdd = !isMobile && (onShow === profile?.userOrg.id || canAdd);
  const areaImport = useAreaImport(types.data ?? []);
  // Import needs the area types to read the file's `ez_type`s.
  const importFile = canAdd && types.data ? (file: File) => void areaImport.start(file) : null;
  // The dialog is in this list's tree, so a file dropped on it would reach the list: one at a time.
  const { dragging, dropProps } = useFileDrop(areaImport.state.phase === 'idle' ? importFile : null);

  const open = (area: Area) => {
    centreOnArea(area);
    void navigate(area.id);
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
          <Group gap={4} wrap="nowrap">
            <Title order={1} size="h4">
              Areas
            </Title>
            <HelpTip topic="areas" />
          </Group>
          <Text size="sm" c="gray.7">
            Showing ({rows.length}/{all.length})
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <MultiSelect
            label="Area Types"
            placeholder={typeIds.length === 0 ? 'All types' : undefined}
            data={(types.data ?? []).map((type) => ({ value: type.id, label: type.display_name }))}
            value={typeIds}
            onChange={setTypeIds}
            clearable
            style={{ flex: 1 }}
          />
          {showAdd && (
            <Button component={Link} to="new" disabled={!canAdd} aria-disabled={!canAdd}>
              Add
            </Button>
          )}
        </Group>
        <GeoJsonActions
          onExport={rows.length > 0 ? () => downloadAreasGeoJson(rows, subscribed?.name ?? '') : null}
          onImport={importFile}
        />
        <TextInput
          aria-label="Search areas"
          placeholder="Search areas"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </Stack>
      <ListState
        failure={queryFailure(areas, areaLoadError)}
        loading={!areas.data}
        loadingLabel="Loading areas"
        empty={rows.length === 0 ? 'No Areas' : null}
      >
        {() => (
          <Stack gap={0} role="list" aria-label="Areas" style={{ overflowY: 'auto', flex: 1 }}>
            {rows.map((area) => (
              <UnstyledButton
                key={area.id}
                role="listitem"
                onClick={() => open(area)}
                h={AREA_ROW_HEIGHT}
                px="sm"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Group gap="sm" wrap="nowrap">
                  <IconMapPin size={20} aria-hidden />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {area.name}
                    </Text>
                    <Text size="sm" c="gray.7" truncate>
                      {area.ez_type.display_name} · {areaPlace(area)}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </ListState>
      <ImportDialog
        title="Import areas"
        noun={{ one: 'area', many: 'areas' }}
        state={areaImport.state}
        onClose={areaImport.close}
      />
    </Stack>
  );
}
