/** The trip report form: 1 to 5 assets, a start and an end (yesterday by default). */
import { Button, MultiSelect, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { Controller, useForm } from 'react-hook-form';
import { TRIP_REPORT, tripReportFormSchema, type TripReportForm } from '@flare/core/schemas/trip';
import { useOrganizationAssets } from '../../lib/api/get-organization-assets';
import type { TripReport } from './trip-search';

const LOCAL = 'YYYY-MM-DDTHH:mm';
const schema = tripReportFormSchema(Date.now);

function defaults(report: TripReport | null): TripReportForm {
  if (report)
    return {
      thingIds: report.thingIds,
      start: dayjs(report.start).format(LOCAL),
      end: dayjs(report.end).format(LOCAL),
    };
  const today = dayjs().startOf('day');
  return { thingIds: [], start: today.subtract(1, 'day').format(LOCAL), end: today.format(LOCAL) };
}

export function TripReportFormFields({
  report,
  onSubmit,
}: {
  report: TripReport | null;
  onSubmit: (report: TripReport) => void;
}) {
  const assets = useOrganizationAssets();
  const form = useForm<TripReportForm>({ resolver: zodResolver(schema), defaultValues: defaults(report) });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    onSubmit({
      thingIds: values.thingIds,
      start: new Date(values.start).toISOString(),
      end: new Date(values.end).toISOString(),
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
        <TextInput
          label="Start time"
          type="datetime-local"
          {...form.register('start')}
          error={errors.start?.message}
        />
        <TextInput
          label="End time"
          type="datetime-local"
          {...form.register('end')}
          error={errors.end?.message}
        />
        <Button type="submit">Show Trips</Button>
      </Stack>
    </form>
  );
}
