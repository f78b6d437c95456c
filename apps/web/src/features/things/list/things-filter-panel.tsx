/**
 * The Filters panel: Status with Show All and the meanings list, Owned and Managed
 * organisations, Type with nested subtypes; Apply only when something changed, Clear All.
 */
import {
  Button,
  Checkbox,
  Group,
  List,
  MultiSelect,
  Popover,
  Select,
  Stack,
  Switch,
  Text,
  ActionIcon,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { RespondersType } from '@flare/core/labels';
import {
  STATUS_MEANINGS,
  statusLabel,
  THING_STATUSES,
  type ThingStatus,
} from '@flare/core/status/thing-status';
import { defaultFilters, sameFilters, type ThingFilters } from './thing-filters';
import type { FilterOptions } from './filter-options';

interface Props {
  applied: ThingFilters;
  showOffline: boolean;
  options: FilterOptions;
  respondersType: RespondersType;
  onApply: (filters: ThingFilters) => void;
}

/** Standby and stationary share the label "Standby"; the checkbox tells them apart. */
function statusChoiceLabel(status: ThingStatus, respondersType: RespondersType): string {
  return status === 'stationary' ? 'Standby (stationary)' : statusLabel(status, respondersType);
}

const TYPE_PREFIX = 'type:';
const SUBTYPE_PREFIX = 'subtype:';

export function ThingsFilterPanel({ applied, showOffline, options, respondersType, onApply }: Props) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState(applied);
  const change = (patch: Partial<ThingFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const showAll = draft.statuses.length === THING_STATUSES.length && draft.outOfService && draft.feed;
  const changed = !sameFilters(draft, applied);

  const open = () => {
    setDraft(applied);
    setOpened(true);
  };
  const apply = () => {
    onApply(draft);
    setOpened(false);
  };

  const typeValue = draft.subtypeId
    ? `${SUBTYPE_PREFIX}${draft.typeName}:${draft.subtypeId}`
    : draft.typeName
      ? `${TYPE_PREFIX}${draft.typeName}`
      : null;
  const typeData = options.types.map((type) => ({
    group: type.label,
    items: [
      { value: `${TYPE_PREFIX}${type.value}`, label: `All ${type.label}` },
      ...type.subtypes.map((sub) => ({
        value: `${SUBTYPE_PREFIX}${type.value}:${sub.value}`,
        label: sub.label,
      })),
    ],
  }));
  const chooseType = (value: string | null) => {
    if (!value) return change({ typeName: null, subtypeId: null });
    if (value.startsWith(TYPE_PREFIX))
      return change({ typeName: value.slice(TYPE_PREFIX.length), subtypeId: null });
    const [typeName, subtypeId] = value.slice(SUBTYPE_PREFIX.length).split(':');
    change({ typeName: typeName ?? null, subtypeId: subtypeId ?? null });
  };

  return (
    <Popover opened={opened} onChange={setOpened} width={360} position="bottom-start" trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant={sameFilters(applied, defaultFilters(showOffline)) ? 'default' : 'light'}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          onClick={() => (opened ? setOpened(false) : open())}
          aria-expanded={opened}
        >
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label="Filters">
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap={4}>
              <Text fw={700} size="sm">
                Status
              </Text>
              <Popover width={300} position="right" withinPortal>
                <Popover.Target>
                  <ActionIcon variant="subtle" color="gray.8" size="sm" aria-label="What the statuses mean">
                    <IconInfoCircle size={16} />
                  </ActionIcon>
                </Popover.Target>
                <Popover.Dropdown>
                  <List size="xs" spacing={4}>
                    {THING_STATUSES.map((status) => (
                      <List.Item key={status}>
                        <b>{statusChoiceLabel(status, respondersType)}</b>: {STATUS_MEANINGS[status]}
                      </List.Item>
                    ))}
                  </List>
                </Popover.Dropdown>
              </Popover>
            </Group>
            <Switch
              label="Show All"
              checked={showAll}
              onChange={(event) =>
                change(
                  event.currentTarget.checked
                    ? { statuses: [...THING_STATUSES], outOfService: true, feed: true }
                    : { statuses: [], outOfService: false, feed: false },
                )
              }
            />
          </Group>
          <Checkbox.Group
            aria-label="Statuses"
            value={draft.statuses}
            onChange={(values) => change({ statuses: THING_STATUSES.filter((s) => values.includes(s)) })}
          >
            <Stack gap={6}>
              {THING_STATUSES.map((status) => (
                <Checkbox key={status} value={status} label={statusChoiceLabel(status, respondersType)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Checkbox
            label="Out-of-service"
            checked={draft.outOfService}
            onChange={(event) => change({ outOfService: event.currentTarget.checked })}
          />
          <Checkbox
            label="Feed (reports through an integration)"
            checked={draft.feed}
            onChange={(event) => change({ feed: event.currentTarget.checked })}
          />
          <MultiSelect
            label="Owned by"
            placeholder={draft.ownedOrgIds.length ? undefined : 'Any organization'}
            data={options.owned}
            value={draft.ownedOrgIds}
            onChange={(ownedOrgIds) => change({ ownedOrgIds })}
            searchable
            comboboxProps={{ withinPortal: false }}
          />
          <MultiSelect
            label="Managed by"
            placeholder={draft.managedOrgIds.length ? undefined : 'Any organization'}
            data={options.managed}
            value={draft.managedOrgIds}
            onChange={(managedOrgIds) => change({ managedOrgIds })}
            searchable
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label="Type"
            placeholder="All types"
            data={typeData}
            value={typeValue}
            onChange={chooseType}
            clearable
            comboboxProps={{ withinPortal: false }}
          />
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => setDraft(defaultFilters(showOffline))}>
              Clear All
            </Button>
            <Button onClick={apply} disabled={!changed}>
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
