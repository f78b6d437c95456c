/**
 * Step 2 of the export wizard: the form of the chosen type, with the defaults (title "{type}s Export
 * {dd-MMM-y}", the previous day) and core's rules checked before sending.
 */
import { Alert, Button, Checkbox, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  defaultExportRange,
  defaultExportTitle,
  exportHasRange,
  exportProblems,
  exportTypeLabel,
} from '@flare/core/exports/export-rules';
import { eventsLabel, type RespondersType } from '@flare/core/labels';
import { MESSAGES } from '@flare/core/messages';
import { CLOSURE_TYPES, type ClosureType } from '@flare/core/schemas/closure';
import type { ExportInput, ExportType } from '@flare/core/schemas/export';
import { useOrganizationAssets } from '../../../lib/api/get-organization-assets';
import { ZonedTimeInput } from '../../../components/ui/zoned-time-input';
import { displayTimeZone, fromZoneInput, toZoneInput } from '../../../lib/format-time';

const CLOSURE_TYPE_LABELS: Record<ClosureType, string> = {
  manual: 'Manual',
  automated: 'Automated',
  feed: 'Feed (work-zone feeds)',
};

interface ExportFormProps {
  type: ExportType;
  organizationId: string;
  respondersType: RespondersType;
  pending: boolean;
  error: string | null;
  onBack: () => void;
  onSubmit: (input: ExportInput) => void;
}

export function ExportForm({
  type,
  organizationId,
  respondersType,
  pending,
  error,
  onBack,
  onSubmit,
}: ExportFormProps) {
  const assets = useOrganizationAssets();
  const [initial] = useState(() => {
    const now = new Date();
    const range = defaultExportRange(now, displayTimeZone());
    return {
      title: defaultExportTitle(exportTypeLabel(type, respondersType), now, displayTimeZone()),
      start: toZoneInput(range.start),
      end: toZoneInput(range.end),
    };
  });
  const [title, setTitle] = useState(initial.title);
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [useUtc, setUseUtc] = useState(false);
  const [thingIds, setThingIds] = useState<string[]>([]);
  const [includeNoThing, setIncludeNoThing] = useState(false);
  const [closureTypes, setClosureTypes] = useState<string[]>([]);
  const [problems, setProblems] = useState<Partial<Record<keyof ExportInput, string>>>({});
  const ranged = exportHasRange(type);
  const options = (assets.data ?? []).map((asset) => ({ value: asset.id, label: asset.name }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input: ExportInput = {
      export_type: type,
      title,
      export_start_time: ranged ? fromZoneInput(start) : null,
      export_end_time: ranged ? fromZoneInput(end) : null,
      use_utc: useUtc,
      organization_id: organizationId,
      thing_uuids: thingIds,
      ...(type === 'incident' ? { include_no_thing_il: includeNoThing } : {}),
      ...(type === 'closure' ? { closures_to_include: closureTypes as ClosureType[] } : {}),
    };
    const found = exportProblems(input);
    setProblems(Object.fromEntries(found.map((p) => [p.path, p.message])));
    if (found.length === 0) onSubmit(input);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${exportTypeLabel(type, respondersType)} export`}>
      <Stack gap="sm">
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={problems.title}
        />
        {ranged && (
          <>
            <ZonedTimeInput
              label="Start"
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              error={problems.export_start_time}
            />
            <ZonedTimeInput
              label="End"
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
              error={problems.export_end_time}
            />
          </>
        )}
        <Checkbox
          label="Times in UTC (otherwise in the organization's time zone)"
          checked={useUtc}
          onChange={(e) => setUseUtc(e.currentTarget.checked)}
        />
        {type === 'closure' && (
          <Checkbox.Group
            label="Closure types"
            value={closureTypes}
            onChange={setClosureTypes}
            error={problems.closures_to_include}
          >
            <Stack gap={4} mt={4}>
              {CLOSURE_TYPES.map((closureType) => (
                <Checkbox key={closureType} value={closureType} label={CLOSURE_TYPE_LABELS[closureType]} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <MultiSelect
          label={type === 'closure' ? 'Assets (their closures)' : 'Assets'}
          placeholder={thingIds.length === 0 ? MESSAGES.noAssetsSelected : undefined}
          data={options}
          value={thingIds}
          onChange={setThingIds}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={MESSAGES.noAssetsToSelect}
          error={problems.thing_uuids}
        />
        {options.length > 0 && (
          <Group gap="xs">
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setThingIds(options.map((o) => o.value))}
            >
              Select all {options.length} assets
            </Button>
          </Group>
        )}
        {assets.data?.length === 0 && (
          <Text size="sm" c="gray.7">
            {MESSAGES.noAssetsAvailable}
          </Text>
        )}
        {type === 'incident' && (
          <Checkbox
            label={`Also ${eventsLabel(respondersType).toLowerCase()} no asset was at`}
            checked={includeNoThing}
            onChange={(e) => setIncludeNoThing(e.currentTarget.checked)}
          />
        )}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        {problems.organization_id && (
          <Alert color="red" role="alert">
            {problems.organization_id}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit" loading={pending}>
            Export
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
