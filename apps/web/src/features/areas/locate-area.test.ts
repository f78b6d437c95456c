import { describe, expect, it } from 'vitest';
import { makeArea } from '@flare/core/testing/areas';
import { onMapCommand, type MapCommand } from '../../map/map-commands';
import { centreOnArea } from './locate-area';

const commandsOf = (locate: () => void) => {
  const commands: MapCommand[] = [];
  const stop = onMapCommand((command) => commands.push(command));
  locate();
  stop();
  return commands;
};

describe('centreOnArea', () => {
  it('centres on an outlined area at zoom 16', () => {
    const area = makeArea({ lat: 39.8, lng: -89.65 });
    expect(commandsOf(() => centreOnArea(area))).toEqual([
      { kind: 'centre', position: [-89.65, 39.8], zoom: 16 },
    ]);
  });

  it('centres on a point of interest at zoom 17', () => {
    const poi = makeArea({
      lat: 39.81,
      lng: -89.6,
      point_geom: { type: 'Point', coordinates: [-89.6, 39.81] },
    });
    expect(commandsOf(() => centreOnArea(poi))).toEqual([
      { kind: 'centre', position: [-89.6, 39.81], zoom: 17 },
    ]);
  });
});
