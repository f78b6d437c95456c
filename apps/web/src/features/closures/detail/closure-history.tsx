/**
 * A closure's activity history in its detail: each change, who made it and when, newest first, under
 * a Display choice the URL keeps by its code (`?history=1` Active Only to `4` All, the default).
 */
import { Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  CLOSURE_HISTORY_ACTION_LABELS,
  CLOSURE_HISTORY_DISPLAY_CODES,
  CLOSURE_HISTORY_DISPLAY_DEFAULT,
  closureChangedBy,
  closureHistoryDisplayOf,
  closureHistoryShown,
} from '@flare/core/closures/closure-history';
import type { Closure } from '@flare/core/schemas/closure';
import { RECENT_DISPLAY_LABELS, RECENT_DISPLAYS, type RecentDisplay } from '@flare/core/time/recent-display';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { displayTimeZone, formatTime } from '../../../lib/format-time';
import { useNow } from '../../../lib/use-now';
import { useClosureHistory } from '../api/get-closure-history';

const PARAM = 'history';

export function ClosureHistory({ closure }: { closure: Closure }) {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const display = closureHistoryDisplayOf(params.get(PARAM));
  const history = useClosureHistory(closure);
  // The minute is enough for Today and 24 hrs; changes older than the choice leave as time passes.
  const minute = Math.floor(useNow() / 60_000);
  // Today is the organisation's day, as the header clock counts it.
  const timeZone = displayTimeZone();
  const shown = useMemo(
    () => closureHistoryShown(history.data ?? [], display, minute * 60_000, timeZone),
    [history.data, display, minute, timeZone],
  );
  const choose = (value: string) => {
    const next = new URLSearchParams(params);
    const chosen = value as RecentDisplay;
    if (chosen === CLOSURE_HISTORY_DISPLAY_DEFAULT) next.delete(PARAM);
    else next.set(PARAM, String(CLOSURE_HISTORY_DISPLAY_CODES[chosen]));
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId}>
        History
      </Title>
      <Radio.Group label="Display" value={display} onChange={choose}>
        <Group gap="md" mt={4}>
          {RECENT_DISPLAYS.map((choice) => (
            <Radio key={choice} value={choice} label={RECENT_DISPLAY_LABELS[choice]} size="sm" />
          ))}
        </Group>
      </Radio.Group>
      {history.isPending ? (
        <LoadingIndicator label="Loading history" size="sm" />
      ) : history.isError ? (
        <Text size="sm" role="alert">
          Unable to load the history
        </Text>
      ) : shown.length === 0 ? (
        <Text size="sm" c="gray.7">
          {display === 'active' && !closure.is_active ? 'Not active now' : 'No changes in this period'}
        </Text>
      ) : (
        <Stack component="ol" gap={6} aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((entry) => (
            <li key={entry.id}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text size="sm" fw={500}>
                  {CLOSURE_HISTORY_ACTION_LABELS[entry.action]}
                </Text>
                <Text size="sm" c="gray.7" ta="right" style={{ overflowWrap: 'anywhere' }}>
                  {closureChangedBy(entry)}
                </Text>
              </Group>
              <Text size="xs" c="gray.7">
                {formatTime(entry.at)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
