/** The trip report form: 1 to 5 assets, a start and an end (the 24 hours ending now by default). */
import { Button, MultiSelect, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  defaultTripWindow,
  TRIP_REPORT,
  tripReportFormSchema,
  type TripReportForm,
} from '@flare/core/schemas/trip';
import { useOrganizationAssets } from '../../lib/api/get-organization-assets';
import { ZonedTimeInput } from '../../components/ui/zoned-time-input';
import { displayTimeZone, fromZoneInput, toZoneInput } from '../../lib/format-time';
import type { TripReport } from './trip-search';

const schema = tripReportFormSchema(Date.now, displayTimeZone);

function defaults(report: TripReport | null): TripReportForm {
  const { thingIds, start, end } = report ?? { thingIds: [], ...defaultTripWindow(Date.now()) };
  return { thingIds, start: toZoneInput(start), end: toZoneInput(end) };
}

export function TripReportFormFields({
  report,
  onSubmit,
}: {
  report: TripReport | null;
  onSubmit: (report: TripReport) => void;
}) {
  const assets = useOrganizationAssets();
  // The form follows the report in the URL (Back, a link) without being mounted again, so Show Trips
  // keeps the focus it was pressed with.
  const values = useMemo(() => defaults(report), [report]);
  const form = useForm<TripReportForm>({ resolver: zodResolver(schema), values });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    onSubmit({
      thingIds: values.thingIds,
      start: fromZoneInput(values.start)!,
      end: fromZoneInput(values.end)!,
    }),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Trip report">
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="thingIds"
          render={({ field }) => (
            <MultiSelect
              label="Assets"
              placeholder={assets.data?.length === 0 ? 'No Assets Available' : 'Select up to 5 assets'}
              data={(assets.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              searchable
              maxValues={TRIP_REPORT.maxAssets}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.thingIds?.message}
              nothingFoundMessage="No Assets Available"
            />
          )}
        />
        <ZonedTimeInput label="Start time" {...form.register('start')} error={errors.start?.message} />
        <ZonedTimeInput label="End time" {...form.register('end')} error={errors.end?.message} />
        <Button type="submit">Show Trips</Button>
      </Stack>
    </form>
  );
}
