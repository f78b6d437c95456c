/**
 * The Hazards section: the hazard report form, then the hazards it finds, newest first; each opens
 * its detail. The report lives in the URL (the last 24 hours of every hazard when none is there yet),
 * where the map's hazards layer reads it too; a new report fits the map to its hazards.
 */
import { Alert, Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Cell, StackedTable } from '../../../components/ui/stacked-table';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { hazardErrorMessage } from '@flare/core/hazards/hazard-rules';
import { countOf } from '@flare/core/text';
import { MESSAGES } from '@flare/core/messages';
import { HAZARD_MESSAGES, HAZARD_REPORT, HAZARD_TYPES, type Hazard } from '@flare/core/schemas/hazard';
import { HelpTip } from '../../../components/ui/help-tip';
import { ApiError } from '../../../lib/api-client';
import { showAllOnMap } from '../../../map/map-commands';
import { useHazards } from '../api/get-hazards';
import { SeverityBadge, StatusTag } from '../hazard-look';
import { defaultReport, HAZARDS_PATH, reportFromSearch, searchOfReport } from '../hazard-search';
import { HazardReportFormFields } from './hazard-report-form';
import { formatWhen } from '../../../lib/format-time';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';

export function HazardsScreen() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const report = useMemo(() => reportFromSearch(new URLSearchParams(search)), [search]);
  const hazards = useHazards(report);

  useEffect(() => {
    if (!report)
      void navigate(
        { pathname: HAZARDS_PATH, search: searchOfReport(defaultReport(Date.now())) },
        { replace: true },
      );
  }, [report, navigate]);
  useEffect(() => {
    if (hazards.data) showAllOnMap(hazards.data.hazards.map((h) => [h.lng, h.lat]));
  }, [hazards.data]);

  return (
    <Stack p="md" gap="md">
      <Group gap={4} wrap="nowrap">
        <Title order={1} size="h3">
          Hazards
        </Title>
        <HelpTip topic="hazards" />
      </Group>
      {report && (
        <HazardReportFormFields
          report={report}
          onSubmit={(next) => void navigate({ pathname: HAZARDS_PATH, search: searchOfReport(next) })}
        />
      )}
      {hazards.isFetching && !hazards.data && <LoadingIndicator size="sm" label="Loading hazards" />}
      {hazards.error && (
        <Alert color="red" role="alert">
          {hazards.error instanceof ApiError
            ? hazardErrorMessage(hazards.error.status, hazards.error.message, MESSAGES.unknownFailure)
            : MESSAGES.unknownFailure}
        </Alert>
      )}
      {hazards.data && <HazardsTable hazards={hazards.data.hazards} search={search} />}
      {hazards.data?.truncated && (
        <Text size="sm" c="gray.7">
          Showing the newest {HAZARD_REPORT.maxResults} hazards: narrow the report to see the others.
        </Text>
      )}
    </Stack>
  );
}

function HazardsTable({ hazards, search }: { hazards: Hazard[]; search: string }) {
  if (hazards.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {HAZARD_MESSAGES.noHazards}
      </Text>
    );
  return (
    <Stack gap={4}>
      <Text size="sm" aria-live="polite">
        {countOf(hazards.length, 'hazard')}
      </Text>
      <StackedTable striped highlightOnHover fz="xs" verticalSpacing={4} aria-label="Hazards">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reported</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Severity</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hazards.map((hazard) => (
            <Table.Tr key={hazard.id}>
              <Cell label="Reported">
                <Anchor component={Link} to={{ pathname: hazard.id, search }} size="xs">
                  {formatWhen(hazard.reported_at)}
                </Anchor>
              </Cell>
              <Cell label="Type">{HAZARD_TYPES[hazard.hazard_type]}</Cell>
              <Cell label="Severity">
                <SeverityBadge severity={hazard.severity} />
              </Cell>
              <Cell label="Status">
                <StatusTag status={hazard.status} />
              </Cell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
    </Stack>
  );
}
