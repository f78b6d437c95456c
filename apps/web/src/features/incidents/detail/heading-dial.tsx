/** The roadway heading as a compass dial: an arrow pointing along the heading, N at the top. */
import { Text } from '@mantine/core';

const SIZE = 64;
const CENTRE = SIZE / 2;
const CARDINALS = [
  { label: 'N', x: CENTRE, y: 9 },
  { label: 'E', x: SIZE - 7, y: CENTRE + 3 },
  { label: 'S', x: CENTRE, y: SIZE - 3 },
  { label: 'W', x: 7, y: CENTRE + 3 },
] as const;

export function HeadingDial({ heading }: { heading: number | null }) {
  const label = heading === null ? 'No roadway heading' : `Roadway heading ${Math.round(heading)}°`;
  return (
    <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={label}>
      <title>{label}</title>
      <circle cx={CENTRE} cy={CENTRE} r={CENTRE - 1} fill="white" stroke="#868e96" />
      {CARDINALS.map(({ label: letter, x, y }) => (
        <text key={letter} x={x} y={y} fontSize={9} textAnchor="middle" fill="#495057">
          {letter}
        </text>
      ))}
      {heading !== null && (
        <path
          d={`M ${CENTRE} 14 L ${CENTRE + 6} ${CENTRE + 10} L ${CENTRE} ${CENTRE + 5} L ${CENTRE - 6} ${CENTRE + 10} Z`}
          fill="#c2255c"
          transform={`rotate(${heading} ${CENTRE} ${CENTRE})`}
        />
      )}
    </svg>
  );
}

/** The heading in words beside the dial: degrees, or a dash when no responder reported a course. */
export function HeadingText({ heading }: { heading: number | null }) {
  return <Text size="sm">{heading === null ? '—' : `${Math.round(heading)}°`}</Text>;
}
