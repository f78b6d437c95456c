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
  it('titles the export "{type}s Export {dd-MMM-y}"', () => {
    const now = new Date(2026, 10, 30, 15, 4);
    expect(defaultExportTitle(exportTypeLabel('point', 'all'), now)).toBe('Points Export 30-Nov-2026');
    expect(defaultExportTitle(exportTypeLabel('thing', 'all'), now)).toBe('Assets Export 30-Nov-2026');
    expect(defaultExportTitle(exportTypeLabel('incident', 'all'), now)).toBe('Incidents Export 30-Nov-2026');
    expect(defaultExportTitle(exportTypeLabel('incident', 'some'), now)).toBe('Events Export 30-Nov-2026');
    expect(defaultExportTitle(exportTypeLabel('closure', 'none'), now)).toBe('Closures Export 30-Nov-2026');
  });

  it('covers the previous day, midnight to midnight', () => {
    const { start, end } = defaultExportRange(new Date(2026, 10, 30, 15, 4));
    expect(start).toEqual(new Date(2026, 10, 29));
    expect(end).toEqual(new Date(2026, 10, 30));
  });

  it('shows range bounds as dd-LLL-yy', () => {
    expect(formatExportDay(new Date(2026, 10, 3, 12))).toBe('03-Nov-26');
  });
});
