/**
 * Integrations → Motorist alerts: the partners connected now (each stream and vehicle connection,
 * by key) and the alerts delivered on each of the last 30 days (first reaching a partner's stream;
 * coming to concern a vehicle), as a chart. Fetched again every 30 s while shown.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AlertPartnersSchema, type AlertPartners } from '@flare/core/schemas/alert';
import { Cell, StackedTable } from '../../components/ui/stacked-table';
import { apiFetch, parseResponse } from '../../lib/api-client';
import { formatWhen } from '../../lib/format-time';

const PARTNERS_REFRESH_MS = 30_000;

const CHANNEL_LABELS = { stream: 'Alert stream', vehicles: 'Vehicles' } as const;

export function useAlertPartners() {
  return useQuery({
    queryKey: ['alerts', 'partners'],
    queryFn: async () =>
      parseResponse(AlertPartnersSchema, await apiFetch<unknown>('/alerts/partners', { scoped: true })),
    refetchInterval: PARTNERS_REFRESH_MS,
  });
}

/** "12 to partners' streams and 340 to vehicles over the last 30 days". */
export function deliveriesSummary(days: AlertPartners['days']): string {
  const streams = days.reduce((sum, day) => sum + day.streams, 0);
  const vehicles = days.reduce((sum, day) => sum + day.vehicles, 0);
  return `${streams} to partners' streams and ${vehicles} to vehicles over the last ${days.length} days`;
}

export function AlertPartnersPanel() {
  const partners = useAlertPartners();
  const data = partners.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="alert-partners-title">
      <Title order={2} size="h4" id="alert-partners-title">
        Motorist alerts
      </Title>
      {!data ? (
        <Text size="sm">{partners.isError ? 'The partners could not be loaded.' : 'Loading partners…'}</Text>
      ) : (
        <>
          {data.connected.length === 0 ? (
            <Text size="sm">No partner is connected now.</Text>
          ) : (
            <StackedTable striped captionSide="top">
              <Table.Caption c="dark.9">Connected now</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Partner</Table.Th>
                  <Table.Th>Connection</Table.Th>
                  <Table.Th>Since</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.connected.map((partner, index) => (
                  <Table.Tr key={`${partner.name}-${partner.channel}-${index}`}>
                    <Cell label="Partner">{partner.name}</Cell>
                    <Cell label="Connection">
                      {partner.channel === 'vehicles'
                        ? `${CHANNEL_LABELS.vehicles} (${partner.vehicles})`
                        : CHANNEL_LABELS.stream}
                    </Cell>
                    <Cell label="Since">{formatWhen(partner.since)}</Cell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </StackedTable>
          )}
          <Text size="sm" fw={600}>
            Alerts delivered per day
          </Text>
          <Text size="sm" data-testid="alert-deliveries-summary">
            {deliveriesSummary(data.days)}
          </Text>
          <div role="img" aria-label={`Alerts delivered per day: ${deliveriesSummary(data.days)}`}>
            <BarChart
              h={180}
              data={data.days.map((day) => ({ ...day, day: day.day.slice(5) }))}
              dataKey="day"
              type="stacked"
              withLegend
              series={[
                { name: 'streams', label: "Partners' streams", color: 'blue.8' },
                { name: 'vehicles', label: 'Vehicles', color: 'red.8' },
              ]}
            />
          </div>
        </>
      )}
    </Stack>
  );
}
