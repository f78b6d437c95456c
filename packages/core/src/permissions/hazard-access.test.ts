import { describe, expect, it } from 'vitest';
import { hazardReportOrganization, mayReportHazardFor } from './hazard-access';

describe('who a hazard is reported for', () => {
  it('is the own organisation or a managed one; any for platform administrators', () => {
    expect(mayReportHazardFor('own', 'own', [])).toBe(true);
    expect(mayReportHazardFor('county', 'own', ['county'])).toBe(true);
    expect(mayReportHazardFor('city', 'own', ['county'])).toBe(false);
    expect(mayReportHazardFor('city', 'own', null)).toBe(true);
  });

  it('from the map: the organisation on show, unless the user only accesses it', () => {
    expect(hazardReportOrganization('own', 'own', [])).toBe('own');
    expect(hazardReportOrganization('county', 'own', ['county'])).toBe('county');
    expect(hazardReportOrganization('city', 'own', ['county'])).toBe('own');
    expect(hazardReportOrganization('city', 'own', null)).toBe('city');
  });
});
