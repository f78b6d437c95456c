import { describe, expect, it } from 'vitest';
import { assetTimeFileName, configurationFileName } from './download-file';

describe('assetTimeFileName', () => {
  it("is the asset's name made safe and the local time to the minute", () => {
    expect(assetTimeFileName('Patrol 110', new Date(2026, 10, 24, 9, 5, 40), 'gpx')).toBe(
      'patrol-110-2026-11-24-0905.gpx',
    );
    expect(assetTimeFileName('  Engine #7 / North ', new Date(2026, 0, 5, 23, 59), 'geojson')).toBe(
      'engine-7-north-2026-01-05-2359.geojson',
    );
    expect(assetTimeFileName('', new Date(2026, 0, 5), 'gpx')).toBe('asset-2026-01-05-0000.gpx');
  });
});

describe('configurationFileName', () => {
  it("is the asset's name made safe, then -configuration.json", () => {
    expect(configurationFileName('Patrol 101')).toBe('patrol-101-configuration.json');
    expect(configurationFileName('***')).toBe('asset-configuration.json');
  });
});
