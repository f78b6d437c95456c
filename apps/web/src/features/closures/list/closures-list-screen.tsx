/**
 * The Closures list: type and status filters, out-of-service shown or not, a search (350 ms),
 * "Showing (x/y)", Add for those who may add closures, the WZDx feed for those who manage closures, and the closures, each opening its detail;
 * manual closures have an Activate/Deactivate switch on their row, which reverts and says so when
 * the server refuses.
 */
import {
  Button,
  Group,
  MultiSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarrierBlock, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { mayAddClosure, mayEditClosure } from '@flare/core/permissions/closure-access';
import { CLOSURE_MESSAGES, CLOSURE_STATUSES, CLOSURE_TYPES, type Closure } from '@flare/core/schemas/closure';
import { MESSAGES } from '@flare/core/messages';
import { CLOSURE_ROW_HEIGHT, SEARCH_DEBOUNCE_MS } from '@flare/core/constants';
import { ListState, queryFailure } from '../../../components/ui/list-state';
import { Tag } from '../../../components/ui/tag';
import { callerOf } from '../../../lib/caller';
import { subscribedOrganizationOf } from '../../../lib/subscribed-organization';
import { useSession } from '../../../lib/session';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { fitMap } from '../../../map/map-commands';
import { useClosures } from '../api/get-closures';
import { useSaveClosure } from '../api/save-closure';
import { CLOSURE_STATUS_LOOK, CLOSURE_TYPE_LABELS, CLOSURES_PATH } from '../closure-look';
import { DEFAULT_CLOSURE_FILTERS, filterClosures, type ClosureFilters } from './filter-closures';
import { HelpTip } from '../../../components/ui/help-tip';
import { FeedButton } from '../../../components/feeds/feeds-dialog';

export function ClosuresListScreen() {
  const profile = useSession()?.profile;
  const closures = useClosures();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ClosureFilters>(DEFAULT_CLOSURE_FILTERS);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const all = useMemo(() => closures.data?.data ?? [], [closures.data]);
  const rows = useMemo(
    () => filterClosures(all, { ...filters, search: debounced }),
    [all, filters, debounced],
  );
  const caller = profile && callerOf(profile);
  // Add saves into the organisation on show (a platform admin's switch included).
  const canAdd =
    !!caller &&
    !!profile &&
    mayAddClosure(caller, subscribedOrganizationOf(profile).id, isMobile ? 'mobile' : 'desktop');

  const open = (closure: Closure) => {
    fitMap(closure.route_path.coordinates);
    void navigate(`${CLOSURES_PATH}/${closure.id}`);
  };

  return (
    <Stack gap={0} h="100%">
      <Stack gap="xs" p="sm" pt={0}>
        <Group justify="space-between" align="baseline">
          <Group gap={4} wrap="nowrap">
            <Title order={1} size="h4">
              Closures
            </Title>
            <HelpTip topic="closures" />
          </Group>
          <Text size="sm" c="gray.7">
            Showing ({rows.length}/{all.length})
          </Text>
        </Group>
        <Group gap="xs" grow>
          <MultiSelect
            label="Type"
            data={CLOSURE_TYPES.map((type) => ({ value: type, label: CLOSURE_TYPE_LABELS[type] }))}
            value={filters.types}
            onChange={(types) => setFilters({ ...filters, types: types })}
          />
          <MultiSelect
            label="Status"
            data={CLOSURE_STATUSES.map((status) => ({
              value: status,
              label: CLOSURE_STATUS_LOOK[status].label,
            }))}
            value={filters.statuses}
            onChange={(statuses) => setFilters({ ...filters, statuses: statuses })}
          />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label="Search closures"
            placeholder="Search closures"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1 }}
          />
          {canAdd && (
            <Button component={Link} to={`${CLOSURES_PATH}/new`}>
              Add
            </Button>
          )}
        </Group>
        <Group gap="xs" justify="space-between">
          <Switch
            label="Show out of service"
            checked={filters.showOutOfService}
            onChange={(event) => setFilters({ ...filters, showOutOfService: event.currentTarget.checked })}
          />
          <FeedButton kind="work_zones" label="WZDx feed" />
        </Group>
      </Stack>
      <ListState
        failure={queryFailure(closures, () => MESSAGES.unknownFailure)}
        loading={!closures.data}
        loadingLabel="Loading closures"
        empty={rows.length === 0 ? 'No Closures' : null}
      >
        {() => (
          <Stack gap={0} role="list" aria-label="Closures" style={{ overflowY: 'auto', flex: 1 }}>
            {rows.map((closure) => (
              <ClosureRow
                key={closure.id}
                closure={closure}
                canToggle={
                  !!caller &&
                  closure.closure_type === 'manual' &&
                  mayEditClosure(
                    caller,
                    { organizationId: closure.organization.id, closureType: closure.closure_type },
                    isMobile ? 'mobile' : 'desktop',
                  )
                }
                onOpen={() => open(closure)}
              />
            ))}
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}

function ClosureRow({
  closure,
  canToggle,
  onOpen,
}: {
  closure: Closure;
  canToggle: boolean;
  onOpen: () => void;
}) {
  const look = CLOSURE_STATUS_LOOK[closure.status];
  const streets = [closure.street_start, closure.street_end].filter(Boolean).join(' to ');
  return (
    <Group
      role="listitem"
      gap="xs"
      wrap="nowrap"
      h={closure.is_in_service ? CLOSURE_ROW_HEIGHT.inService : CLOSURE_ROW_HEIGHT.outOfService}
      px="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="sm" wrap="nowrap">
          <IconBarrierBlock size={20} aria-hidden />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {closure.description}
            </Text>
            <Text size="sm" c="gray.7" truncate>
              {[CLOSURE_TYPE_LABELS[closure.closure_type], streets].filter(Boolean).join(' · ')}
            </Text>
            {!closure.is_in_service && (
              <Text size="sm" c="gray.7">
                Out of service
              </Text>
            )}
          </Stack>
        </Group>
      </UnstyledButton>
      <Tag tone={look.tone}>{look.label}</Tag>
      {canToggle && <QuickToggle closure={closure} />}
    </Group>
  );
}

/** Activate/Deactivate: shown switched at once, back as it was with the message if the save fails. */
function QuickToggle({ closure }: { closure: Closure }) {
  const save = useSaveClosure();
  const [shown, setShown] = useState<boolean | null>(null);
  const checked = shown ?? closure.is_active;
  const toggle = (active: boolean) => {
    setShown(active);
    save.mutate(
      {
        id: closure.id,
        input: { uuid: closure.id, is_active: active, end_time: active ? null : new Date().toISOString() },
      },
      { onSettled: () => setShown(null) },
    );
  };
  return (
    <Stack gap={2} align="flex-end">
      <Switch
        aria-label={`${checked ? 'Deactivate' : 'Activate'} ${closure.description}`}
        checked={checked}
        disabled={save.isPending}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      {save.isError && (
        <Text size="xs" c="red.9" role="alert">
          {CLOSURE_MESSAGES.quickUpdateFailed}
        </Text>
      )}
    </Stack>
  );
}
