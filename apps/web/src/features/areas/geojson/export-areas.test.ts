import { describe, expect, it } from 'vitest';
import { areasFileName } from './export-areas';

describe('the exported file', () => {
  it('is named after the organisation and the day', () => {
    expect(areasFileName('Springfield Police Department', new Date(2026, 10, 24, 23, 59))).toBe(
      'areas-springfield-police-department-2026-11-24.geojson',
    );
    expect(areasFileName('  St. Mary’s EMS / North ', new Date(2026, 0, 5))).toBe(
      'areas-st-mary-s-ems-north-2026-01-05.geojson',
    );
    expect(areasFileName('', new Date(2026, 0, 5))).toBe('areas-organisation-2026-01-05.geojson');
  });
});
