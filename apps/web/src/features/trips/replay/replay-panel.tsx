/**
 * Replay of one run: play and pause, a time slider, speeds 1x to 64x, and the run's speed over time
 * with the slider's time marked. The asset moves on the map (the trips layer) as the time goes.
 */
import { Button, Group, SegmentedControl, Slider, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import type { Trip } from '@flare/core/schemas/trip';
import { speedIn, type SpeedUnit } from '@flare/core/things/thing-display';
import { formatClockTime, formatTime } from '../../../lib/format-time';
import type { TripResult } from '../api/get-trip';
import { positionAt } from './replay-position';
import { replay, REPLAY_SPEEDS, useReplay, type ReplaySpeed } from './replay-store';

type Run = Trip['runs'][number];

export function ReplayPanel({ trips, unit }: { trips: TripResult[]; unit: SpeedUnit }) {
  const state = useReplay();
  const [thingId, runId] = state?.runKey.split(':') ?? [];
  const run = trips.find((r) => r.trip?.thing_id === thingId)?.trip?.runs.find((r) => r.run_id === runId);
  const start = run ? Date.parse(run.run_start) : 0;
  const end = run ? Date.parse(run.run_end) : 0;
  const playing = state?.playing ?? false;
  const speed = state?.speed ?? 1;

  // Playing moves the time on by the real time passed times the speed, until the run's end.
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const current = replay.get();
      if (!current) return;
      const at = Math.min(end, current.at + (now - last) * current.speed);
      last = now;
      replay.update(at >= end ? { at, playing: false } : { at });
      if (at < end) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, end]);

  if (!state || !run) return null;
  const shown = positionAt(run.points, state.at);
  return (
    <Stack gap="xs" component="section" aria-label="Replay">
      <Group justify="space-between">
        <Title order={2} size="h5">
          Replay
        </Title>
        <Button size="compact-xs" variant="subtle" onClick={() => replay.close()}>
          Close
        </Button>
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          onClick={() =>
            replay.update(state.at >= end ? { at: start, playing: true } : { playing: !state.playing })
          }
        >
          {state.playing ? 'Pause' : 'Play'}
        </Button>
        <SegmentedControl
          size="xs"
          aria-label="Replay speed"
          data={REPLAY_SPEEDS.map((s) => ({ value: String(s), label: `${s}x` }))}
          value={String(speed)}
          onChange={(value) => replay.update({ speed: Number(value) as ReplaySpeed })}
        />
      </Group>
      <Slider
        thumbLabel="Replay time"
        min={start}
        max={end}
        step={1000}
        value={state.at}
        onChange={(at) => replay.update({ at, playing: false })}
        label={(at) => formatClockTime(at, { seconds: true })}
      />
      <Text size="xs" data-testid="replay-time">
        {formatTime(state.at)}
        {shown?.speed !== null && shown?.speed !== undefined
          ? ` · ${speedIn(shown.speed, unit)} ${unit}`
          : ''}
      </Text>
      <SpeedChart run={run} at={state.at} />
    </Stack>
  );
}

const CHART = { width: 360, height: 80 } as const;

/** Speed over the run's time, the replay's time as a line: clicking the chart moves the time there. */
function SpeedChart({ run, at }: { run: Run; at: number }) {
  const start = Date.parse(run.run_start);
  const span = Math.max(1, Date.parse(run.run_end) - start);
  const top = Math.max(1, ...run.points.map((p) => p.speed ?? 0));
  const x = (t: number) => ((t - start) / span) * CHART.width;
  const y = (speed: number) => CHART.height - (speed / top) * (CHART.height - 4);
  const line = run.points.map(
    (p) => `${x(Date.parse(p.timestamp)).toFixed(1)},${y(p.speed ?? 0).toFixed(1)}`,
  );
  return (
    <svg
      width="100%"
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      role="img"
      aria-label="Speed over the run's time"
      style={{ cursor: 'pointer', background: 'var(--mantine-color-gray-0)' }}
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        replay.update({ at: start + ((event.clientX - box.left) / box.width) * span, playing: false });
      }}
    >
      <polyline points={line.join(' ')} fill="none" stroke="var(--mantine-color-blue-7)" strokeWidth={1.5} />
      <line
        x1={x(at)}
        x2={x(at)}
        y1={0}
        y2={CHART.height}
        stroke="var(--mantine-color-red-7)"
        strokeWidth={1.5}
      />
    </svg>
  );
}
