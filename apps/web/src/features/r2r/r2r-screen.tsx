/**
 * The R2R section: search an asset's R2R alerts in 15 minutes from a start (asset, date, start time),
 * then the alerts found; selecting one shows both assets where they were on the map. The search lives
 * in the URL, where the map's R2R layer reads it too.
 */
import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Cell, StackedTable } from '../../components/ui/stacked-table';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { R2R_ALERTS, R2R_MESSAGES, r2rSearchError } from '@flare/core/r2r/r2r-alert';
import { THING_MESSAGES } from '@flare/core/schemas/thing';
import { useOrganizationAssets } from '../../lib/api/get-organization-assets';
import { ApiError } from '../../lib/api-client';
import { fitMap } from '../../map/map-commands';
import { useR2rAlerts } from './api/get-r2r-alerts';
import { R2R_COLOURS, R2R_PATH, searchFromUrl, urlOfSearch, type R2rSearch } from './r2r-search';
import { displayZoneName, formatClockTime, fromZoneInput, toZoneInput } from '../../lib/format-time';
import { useNow } from '../../lib/use-now';
import { LoadingIndicator } from '../../components/ui/loading-indicator';

export function R2rScreen() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => searchFromUrl(new URLSearchParams(search)), [search]);
  const alerts = useR2rAlerts(query);
  const go = (next: R2rSearch) => void navigate({ pathname: R2R_PATH, search: urlOfSearch(next) });

  // Selecting an alert fits the map to both assets.
  const selected = alerts.data?.alerts.find((a) => a.id === query?.alertId);
  useEffect(() => {
    if (selected)
      fitMap([
        [selected.alerting.lng, selected.alerting.lat],
        [selected.alerted.lng, selected.alerted.lat],
      ]);
  }, [selected]);

  return (
    <Stack p="md" gap="md">
      <Title order={1} size="h3">
        R2R
      </Title>
      <R2rSearchForm key={search} query={query} onSubmit={(next) => go({ ...next, alertId: null })} />
      {query && alerts.isPending && <LoadingIndicator size="sm" label="Loading R2R alerts" />}
      {alerts.error && (
        <Alert color="red" role="alert">
          {alerts.error instanceof ApiError && alerts.error.status === 404
            ? THING_MESSAGES.notFound
            : alerts.error.message}
        </Alert>
      )}
      {alerts.data &&
        (alerts.data.alerts.length === 0 ? (
          <Text size="sm" c="gray.7">
            {R2R_MESSAGES.noAlerts}
          </Text>
        ) : (
          <StackedTable striped highlightOnHover fz="xs" verticalSpacing={4} aria-label="R2R alerts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Alerting asset</Table.Th>
                <Table.Th>Alerted asset</Table.Th>
                <Table.Th>Distance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {alerts.data.alerts.map((alert) => (
                <Table.Tr key={alert.id} bg={alert.id === query?.alertId ? 'blue.0' : undefined}>
                  <Cell label="Time">
                    <Button
                      size="compact-xs"
                      variant={alert.id === query?.alertId ? 'filled' : 'subtle'}
                      aria-pressed={alert.id === query?.alertId}
                      onClick={() => query && go({ ...query, alertId: alert.id })}
                    >
                      {formatClockTime(alert.at, { seconds: true })}
                    </Button>
                  </Cell>
                  <Cell label="Alerting asset" c={R2R_COLOURS.alerting}>
                    {alert.alerting.name}
                  </Cell>
                  <Cell label="Alerted asset" c={R2R_COLOURS.alerted}>
                    {alert.alerted.name}
                  </Cell>
                  <Cell label="Distance">{alert.distance_m} m</Cell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        ))}
    </Stack>
  );
}

function R2rSearchForm({
  query,
  onSubmit,
}: {
  query: R2rSearch | null;
  onSubmit: (search: { thingId: string; start: string }) => void;
}) {
  const assets = useOrganizationAssets();
  // The date and time fields hold a wall time of the organisation's zone ("2026-11-27T05:13", split).
  const now = useNow();
  const [initialDate, initialTime] = toZoneInput(query?.start ?? now - 15 * 60_000).split('T');
  const [thingId, setThingId] = useState<string | null>(query?.thingId ?? null);
  const [date, setDate] = useState(initialDate!);
  const [time, setTime] = useState(initialTime!);
  const [errors, setErrors] = useState<{ thing?: string; start?: string }>({});
  const startIso = fromZoneInput(`${date}T${time}`);
  const start = startIso === null ? null : Date.parse(startIso);
  const end = start === null ? '—' : formatClockTime(start + R2R_ALERTS.searchWindowMs);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems = {
      thing: thingId ? undefined : 'Required',
      start: start === null ? 'Required' : (r2rSearchError(start, Date.now()) ?? undefined),
    };
    setErrors(problems);
    if (thingId && startIso && !problems.start) onSubmit({ thingId, start: startIso });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="R2R search">
      <Stack gap="sm">
        <Select
          label="Asset"
          placeholder={assets.data?.length === 0 ? 'No Assets Available' : 'Select an asset'}
          data={(assets.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          searchable
          value={thingId}
          onChange={setThingId}
          error={errors.thing}
          nothingFoundMessage="No Assets Available"
        />
        <Group grow>
          <TextInput
            label="Date"
            type="date"
            max={toZoneInput(now).split('T')[0]}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.start}
          />
          <TextInput
            label="Start time"
            description={`In ${displayZoneName()}`}
            type="time"
            value={time}
            onChange={(e) => setTime(e.currentTarget.value)}
          />
        </Group>
        <Text size="sm" data-testid="r2r-end">
          End time: {end}
        </Text>
        <Button type="submit">Search</Button>
      </Stack>
    </form>
  );
}
