/**
 * How steadily the asset reported over the last 24 hours: the share of five-minute slots with a
 * report (a bar and a percentage) and the points stored. Gaps show a device or coverage problem
 * before anyone asks why a trip has holes.
 */
import { Progress, Stack } from '@mantine/core';
import { countOf } from '@flare/core/text';
import { useThingCoverage } from '../api/get-coverage';
import { DetailField } from '../../../components/ui/detail-field';

export function ThingCoverageField({ thingId }: { thingId: string }) {
  const { data, isPending, isError } = useThingCoverage(thingId);
  const label = 'Reporting (24 h)';
  if (isPending) return <DetailField label={label}>…</DetailField>;
  if (isError || !data) return <DetailField label={label}>—</DetailField>;
  const percent = Math.round(data.coverage * 100);
  return (
    <Stack gap={4}>
      <DetailField label={label}>
        {percent}% of 5-minute slots · {countOf(data.points_24h, 'point')}
      </DetailField>
      <Progress
        value={percent}
        size="sm"
        color={percent >= 90 ? 'teal' : percent >= 50 ? 'yellow' : 'red'}
        aria-label={`Reported in ${percent}% of the last 24 hours' 5-minute slots`}
      />
    </Stack>
  );
}
