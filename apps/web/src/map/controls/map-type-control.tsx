/** Roadmap, satellite or hybrid; without satellite tiles on the server the last two are unavailable. */
import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { useEffect, useId } from 'react';
import { MESSAGES } from '@flare/core/messages';
import { usePref } from '../../lib/prefs';
import { absoluteUrl } from '../absolute-url';
import { useMapConfig } from '../api/get-map-config';
import { applyMapType, MAP_TYPES, type MapType } from '../base-styles/map-types';
import { useMap } from '../map-context';

const LABELS: Record<MapType, string> = { roadmap: 'Roadmap', satellite: 'Satellite', hybrid: 'Hybrid' };

export function MapTypeControl() {
  const map = useMap();
  const tiles = useMapConfig().data?.satellite_tiles_url ?? null;
  const satelliteUrl = tiles === null ? null : absoluteUrl(tiles);
  const [chosen, setType] = usePref('mapType');
  // A remembered satellite choice shows the roadmap while the server offers no satellite tiles.
  const type: MapType = satelliteUrl === null ? 'roadmap' : chosen;
  const reasonId = useId();

  useEffect(() => applyMapType(map, type, satelliteUrl), [map, type, satelliteUrl]);

  return (
    <>
      <Button.Group orientation="vertical" aria-label="Map type">
        {MAP_TYPES.map((option) => {
          const unavailable = option !== 'roadmap' && satelliteUrl === null;
          return (
            <Tooltip
              key={option}
              label={MESSAGES.satelliteUnavailable}
              disabled={!unavailable}
              position="left"
              multiline
              w={240}
            >
              <Button
                size="xs"
                variant={option === type ? 'filled' : 'default'}
                aria-pressed={option === type}
                // Not `disabled`: a disabled button gets no hover or focus, so its tooltip could not say why.
                data-disabled={unavailable || undefined}
                aria-disabled={unavailable || undefined}
                aria-describedby={unavailable ? reasonId : undefined}
                onClick={() => {
                  if (!unavailable) setType(option);
                }}
              >
                {LABELS[option]}
              </Button>
            </Tooltip>
          );
        })}
      </Button.Group>
      {satelliteUrl === null && (
        <VisuallyHidden id={reasonId}>{MESSAGES.satelliteUnavailable}</VisuallyHidden>
      )}
    </>
  );
}
