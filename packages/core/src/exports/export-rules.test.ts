import type { RespondersType } from '../labels';
import { describe, expect, it } from 'vitest';
import { EXPORT_MESSAGES, type ExportInput } from '../schemas/export';
import {
  defaultExportRange,
  defaultExportTitle,
  exportProblems,
  exportTypeLabel,
  formatExportDay,
} from './export-rules';

const ORG = '00000000-0000-4000-b000-000000000001';
const THING = '00000000-0000-4000-a000-000000000001';

const input = (overrides: Partial<ExportInput> = {}): ExportInput => ({
  export_type: 'point',
  title: 'Points Export 30-Nov-2026',
  export_start_time: '2026-11-29T00:00:00.000Z',
  export_end_time: '2026-11-30T00:00:00.000Z',
  use_utc: false,
  organization_id: ORG,
  thing_uuids: [THING],
  ...overrides,
});
const messages = (overrides: Partial<ExportInput>) => exportProblems(input(overrides)).map((p) => p.message);

describe('export rules', () => {
  it('accepts a complete payload', () => {
    expect(exportProblems(input())).toEqual([]);
  });

  it('needs a title', () => {
    expect(messages({ title: '  ' })).toEqual([EXPORT_MESSAGES.titleRequired]);
  });

  it('needs the organisation as a uuid', () => {
    expect(messages({ organization_id: 'springfield' })).toEqual([EXPORT_MESSAGES.organizationInvalid]);
  });

  it('covers at most 31 days', () => {
    expect(messages({ export_end_time: '2026-12-30T00:00:00.000Z' })).toEqual([]);
    expect(messages({ export_end_time: '2026-12-30T00:00:00.001Z' })).toEqual([EXPORT_MESSAGES.rangeTooLong]);
  });

  it('needs a range that ends after it starts for every type but assets', () => {
    for (const export_type of ['incident', 'point', 'closure'] as const) {
      expect(messages({ export_type, export_start_time: null, closures_to_include: ['manual'] })).toEqual([
        EXPORT_MESSAGES.rangeRequired,
      ]);
      expect(
        messages({
          export_type,
          export_end_time: '2026-11-29T00:00:00.000Z',
          closures_to_include: ['manual'],
        }),
      ).toEqual([EXPORT_MESSAGES.endBeforeStart]);
    }
    expect(messages({ export_type: 'thing', export_start_time: null, export_end_time: null })).toEqual([]);
  });

  it('needs at least one asset, or for closures a closure type or an asset', () => {
    for (const export_type of ['incident', 'point', 'thing'] as const)
      expect(messages({ export_type, thing_uuids: [] })).toEqual([EXPORT_MESSAGES.assetRequired]);
    expect(messages({ export_type: 'closure', thing_uuids: [] })).toEqual([
      EXPORT_MESSAGES.closureTypeOrAsset,
    ]);
    expect(messages({ export_type: 'closure', thing_uuids: [], closures_to_include: ['feed'] })).toEqual([]);
    expect(messages({ export_type: 'closure', closures_to_include: [] })).toEqual([]);
  });
});

describe('export form defaults', () => {
  const CHICAGO = 'America/Chicago';

  it('titles the export "{type}s Export {dd-MMM-y}", the day in the zone', () => {
    const now = new Date('2026-11-30T15:04:00Z');
    const title = (type: Parameters<typeof exportTypeLabel>[0], responders: RespondersType) =>
      defaultExportTitle(exportTypeLabel(type, responders), now, CHICAGO);
    expect(title('point', 'all')).toBe('Points Export 30-Nov-2026');
    expect(title('thing', 'all')).toBe('Assets Export 30-Nov-2026');
    expect(title('incident', 'all')).toBe('Incidents Export 30-Nov-2026');
    expect(title('incident', 'some')).toBe('Events Export 30-Nov-2026');
    expect(title('closure', 'none')).toBe('Closures Export 30-Nov-2026');
    // 02:00 UTC on 1 December is still 30 November in Chicago.
    expect(defaultExportTitle('Point', new Date('2026-12-01T02:00:00Z'), CHICAGO)).toBe(
      'Points Export 30-Nov-2026',
    );
  });

  it('covers the previous day, midnight to midnight in the zone', () => {
    const { start, end } = defaultExportRange(new Date('2026-11-30T15:04:00Z'), CHICAGO);
    expect(start).toEqual(new Date('2026-11-29T06:00:00Z'));
    expect(end).toEqual(new Date('2026-11-30T06:00:00Z'));
  });

  it('shows range bounds as dd-LLL-yy in the zone', () => {
    expect(formatExportDay(new Date('2026-11-03T12:00:00Z'), CHICAGO)).toBe('03-Nov-26');
    expect(formatExportDay('2026-11-04T03:00:00Z', CHICAGO)).toBe('03-Nov-26');
  });
});
