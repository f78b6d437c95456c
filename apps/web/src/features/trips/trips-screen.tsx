/**
 * The Trips section: the trip report form, then per asset (in its map colour) a summary and its runs;
 * a run opens its replay. The report lives in the URL, where the map's trips layer reads it too.
 */
import { Alert, Button, ColorSwatch, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { tripLoadErrorMessage, type Trip } from '@flare/core/schemas/trip';
import { countOf } from '@flare/core/text';
import { summariseRun, summariseTrip, type RunSummary } from '@flare/core/trips/trip-runs';
import { speedIn, speedUnit, type SpeedUnit } from '@flare/core/things/thing-display';
import { ApiError } from '../../lib/api-client';
import { formatDuration, formatWhen } from '../../lib/format-time';
import { fitMap, type LngLat } from '../../map/map-commands';
import { useOrganizationAssets } from '../../lib/api/get-organization-assets';
import { useTrips, type TripResult } from './api/get-trip';
import { downloadRunGeoJson, downloadRunGpx } from './export/download-run';
import { ReplayPanel } from './replay/replay-panel';
import { replay, useReplay } from './replay/replay-store';
import { TripReportFormFields } from './trip-report-form';
import { reportFromSearch, searchOfReport, TRIP_COLOURS, TRIPS_PATH, type TripReport } from './trip-search';
import { useSubscribedOrganization } from '../../lib/subscribed-organization';
import { HelpTip } from '../../components/ui/help-tip';
import { LoadingIndicator } from '../../components/ui/loading-indicator';
import { Cell, StackedTable } from '../../components/ui/stacked-table';

export function TripsScreen() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const report = useMemo(() => reportFromSearch(new URLSearchParams(search)), [search]);
  const window = useMemo(() => report && { start: report.start, end: report.end }, [report]);
  const results = useTrips(report?.thingIds ?? [], window);
  const names = new Map((useOrganizationAssets().data ?? []).map((a) => [a.id, a.name]));
  const unit = speedUnit(useSubscribedOrganization()?.country_code ?? null);
  const state = useReplay();

  // A new report fits the map to its paths once they are in, and ends the replay of the last one.
  const allLoaded = results.length > 0 && results.every((r) => !r.loading);
  useEffect(() => {
    if (!allLoaded) return;
    const positions: LngLat[] = results.flatMap((r) =>
      (r.trip?.runs ?? []).flatMap((run) => run.points.map((p): LngLat => [p.lng, p.lat])),
    );
    fitMap(positions);
  }, [allLoaded, search]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => () => replay.close(), [search]);

  const show = (next: TripReport) => void navigate({ pathname: TRIPS_PATH, search: searchOfReport(next) });

  return (
    <Stack p="md" gap="md">
      <Group gap={4} wrap="nowrap">
        <Title order={1} size="h3">
          Trips
        </Title>
        <HelpTip topic="trips" />
      </Group>
      <TripReportFormFields report={report} onSubmit={show} />
      {report?.thingIds.map((thingId, i) => (
        <AssetTrip
          key={thingId}
          name={names.get(thingId) ?? 'Asset'}
          colour={TRIP_COLOURS[i]!}
          result={results[i]}
          unit={unit}
          replayedRun={state?.runKey}
        />
      ))}
      {state && <ReplayPanel trips={results} unit={unit} />}
    </Stack>
  );
}

function AssetTrip({
  name,
  colour,
  result,
  unit,
  replayedRun,
}: {
  name: string;
  colour: string;
  result: TripResult | undefined;
  unit: SpeedUnit;
  replayedRun: string | undefined;
}) {
  const heading = (
    <Group gap="xs">
      <ColorSwatch color={colour} size={14} aria-hidden />
      <Title order={2} size="h5">
        {name}
      </Title>
    </Group>
  );
  if (!result || result.loading)
    return (
      <Stack gap={4}>
        {heading}
        <LoadingIndicator size="sm" label={`Loading the trips of ${name}`} />
      </Stack>
    );
  if (result.error || !result.trip) {
    const error = result.error;
    return (
      <Stack gap={4}>
        {heading}
        <Alert color="red" role="alert">
          {error instanceof ApiError ? tripLoadErrorMessage(error.status, error.message) : 'Unknown failure'}
        </Alert>
      </Stack>
    );
  }
  const trip = result.trip;
  return (
    <Stack gap={4} aria-label={`Trips of ${name}`} component="section">
      {heading}
      <SummaryLine summary={summariseTrip(trip.runs)} unit={unit} runs={trip.runs.length} />
      {trip.runs.length === 0 ? (
        <Text size="sm" c="gray.7">
          No trips in this time range.
        </Text>
      ) : (
        <RunsTable trip={trip} assetName={name} unit={unit} replayedRun={replayedRun} />
      )}
    </Stack>
  );
}

const distanceIn = (m: number, unit: SpeedUnit) =>
  unit === 'mph' ? `${(m / 1609.344).toFixed(1)} mi` : `${(m / 1000).toFixed(1)} km`;

function SummaryLine({ summary, unit, runs }: { summary: RunSummary; unit: SpeedUnit; runs: number }) {
  return (
    <Text size="sm" data-testid="trip-summary">
      {countOf(runs, 'run')} · {distanceIn(summary.distanceM, unit)} ·{' '}
      {formatDuration(summary.durationS * 1000)} · max {speedIn(summary.maxSpeedMps, unit)} {unit} · avg{' '}
      {speedIn(summary.averageSpeedMps, unit)} {unit} · {countOf(summary.stops, 'stop')}
    </Text>
  );
}

function RunsTable({
  trip,
  assetName,
  unit,
  replayedRun,
}: {
  trip: Trip;
  assetName: string;
  unit: SpeedUnit;
  replayedRun: string | undefined;
}) {
  return (
    <StackedTable striped fz="xs" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Start</Table.Th>
          <Table.Th>Duration</Table.Th>
          <Table.Th>Distance</Table.Th>
          <Table.Th>Max / avg ({unit})</Table.Th>
          <Table.Th>Stops</Table.Th>
          <Table.Th>
            <VisuallyHidden>Replay and download</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {trip.runs.map((run) => {
          const summary = summariseRun(run);
          const key = `${trip.thing_id}:${run.run_id}`;
          const start = formatWhen(run.run_start);
          return (
            <Table.Tr key={run.run_id}>
              <Cell label="Start">
                {start}
                {run.is_active ? ' (active)' : ''}
              </Cell>
              <Cell label="Duration">{formatDuration(run.run_duration * 1000)}</Cell>
              <Cell label="Distance">{distanceIn(summary.distanceM, unit)}</Cell>
              <Cell label={`Max / avg (${unit})`}>
                {speedIn(summary.maxSpeedMps, unit)} / {speedIn(summary.averageSpeedMps, unit)}
              </Cell>
              <Cell label="Stops">{summary.stops}</Cell>
              <Cell>
                <Group gap={4}>
                  <Button
                    size="compact-xs"
                    variant={replayedRun === key ? 'filled' : 'light'}
                    aria-label={`Replay the run of ${start}`}
                    onClick={() => {
                      // The whole run in view: a 3-mile run at state zoom would replay as a dot.
                      fitMap(run.points.map((p): LngLat => [p.lng, p.lat]));
                      replay.open(key, Date.parse(run.run_start));
                    }}
                  >
                    Replay
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={`Download GPX of the run of ${start}`}
                    onClick={() => downloadRunGpx(run, assetName)}
                  >
                    Download GPX
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={`Download GeoJSON of the run of ${start}`}
                    onClick={() => downloadRunGeoJson(run, assetName)}
                  >
                    Download GeoJSON
                  </Button>
                </Group>
              </Cell>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </StackedTable>
  );
}
