/** The hazard report form: types (or all), severities, status and a time range (the last 24 hours at first). */
import { Button, Checkbox, Group, MultiSelect, NativeSelect, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { hazardReportFormSchema, type HazardReportForm } from '@flare/core/hazards/hazard-report-form';
import {
  ALL_HAZARD_TYPES,
  HAZARD_SEVERITIES,
  HAZARD_STATUS_LABELS,
  HAZARD_TYPES,
} from '@flare/core/schemas/hazard';
import { ZonedTimeInput } from '../../../components/ui/zoned-time-input';
import { displayTimeZone, fromZoneInput, toZoneInput } from '../../../lib/format-time';
import type { HazardReport } from '../hazard-search';

const schema = hazardReportFormSchema(Date.now, displayTimeZone);
const TYPE_OPTIONS = [
  { value: ALL_HAZARD_TYPES, label: 'All types' },
  ...Object.entries(HAZARD_TYPES).map(([value, label]) => ({ value, label })),
];
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  ...Object.entries(HAZARD_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/** 'All types' and single types exclude each other: the latest choice wins. */
function nextTypes(previous: string[], chosen: string[]): string[] {
  const added = chosen.filter((type) => !previous.includes(type));
  if (added.includes(ALL_HAZARD_TYPES)) return [ALL_HAZARD_TYPES];
  return added.length > 0 ? chosen.filter((type) => type !== ALL_HAZARD_TYPES) : chosen;
}

export function HazardReportFormFields({
  report,
  onSubmit,
}: {
  report: HazardReport;
  onSubmit: (report: HazardReport) => void;
}) {
  // The form follows the report in the URL (Back, a link) without being mounted again, so Show
  // Hazards keeps the focus it was pressed with.
  const values = useMemo(
    (): HazardReportForm => ({
      types: report.types,
      severities: report.severities,
      status: report.status,
      start: toZoneInput(report.start),
      end: toZoneInput(report.end),
    }),
    [report],
  );
  const form = useForm<HazardReportForm>({ resolver: zodResolver(schema), values });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    onSubmit({
      ...values,
      start: fromZoneInput(values.start)!,
      end: fromZoneInput(values.end)!,
    }),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Hazard report">
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="types"
          render={({ field }) => (
            <MultiSelect
              label="Hazard types"
              data={TYPE_OPTIONS}
              value={field.value}
              onChange={(chosen) => field.onChange(nextTypes(field.value, chosen))}
              onBlur={field.onBlur}
              error={errors.types?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="severities"
          render={({ field }) => (
            <Checkbox.Group
              label="Severity"
              value={field.value}
              onChange={field.onChange}
              error={errors.severities?.message}
            >
              <Group gap="md" mt={4}>
                {Object.entries(HAZARD_SEVERITIES).map(([value, label]) => (
                  <Checkbox key={value} value={value} label={label} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <NativeSelect label="Status" data={STATUS_OPTIONS} {...form.register('status')} />
        {/* One under the other, as in the trips form: side by side, the panel clips their date and time. */}
        <ZonedTimeInput label="Start time" {...form.register('start')} error={errors.start?.message} />
        <ZonedTimeInput label="End time" {...form.register('end')} error={errors.end?.message} />
        <Button type="submit">Show Hazards</Button>
      </Stack>
    </form>
  );
}
