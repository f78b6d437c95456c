import { describe, expect, it } from 'vitest';
import {
  base64ByteLength,
  CreateHazardInputSchema,
  HAZARD_MESSAGES,
  HAZARD_PHOTO,
  HAZARD_REPORT,
  HAZARD_TYPE_IDS,
  ReportHazardFormSchema,
} from '../schemas/hazard';
import {
  defaultHazardWindow,
  deviceHazardTime,
  hazardErrorMessage,
  hazardPhotoProblem,
  hazardReportProblem,
  hazardTypesOf,
  photoTypeOf,
} from './hazard-rules';
import { hazardReportFormSchema } from './hazard-report-form';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const HOUR = 3_600_000;
const report = (over: Partial<Parameters<typeof hazardReportProblem>[0]> = {}) => ({
  types: ['all'],
  severities: ['low', 'medium', 'high'],
  start: NOW - 24 * HOUR,
  end: NOW,
  ...over,
});

describe('the hazard report', () => {
  it("covers every type with 'all', else the types chosen (unknown ones ignored)", () => {
    expect(hazardTypesOf(['all'])).toEqual(HAZARD_TYPE_IDS);
    expect(hazardTypesOf(['ice', 'all'])).toEqual(HAZARD_TYPE_IDS);
    expect(hazardTypesOf(['pothole', 'ice', 'lava'])).toEqual(['ice', 'pothole']);
    expect(hazardTypesOf([])).toEqual([]);
  });

  it('needs at least one type, or all, and at least one severity', () => {
    expect(hazardReportProblem(report({ types: [] }), NOW)).toEqual({
      field: 'types',
      message: 'Must select at least 1 Hazard type',
    });
    expect(hazardReportProblem(report({ types: ['lava'] }), NOW)?.message).toBe(
      HAZARD_MESSAGES.atLeastOneType,
    );
    expect(hazardReportProblem(report({ types: ['crash'] }), NOW)).toBeNull();
    expect(hazardReportProblem(report({ severities: [] }), NOW)).toEqual({
      field: 'severities',
      message: 'Must select at least 1 Severity',
    });
  });

  it('takes a start in the past and an end after it, at most 31 days later', () => {
    expect(hazardReportProblem(report({ start: NOW + 1, end: NOW + HOUR }), NOW)).toEqual({
      field: 'start',
      message: 'Must be past date',
    });
    expect(hazardReportProblem(report({ start: NOW, end: NOW + HOUR }), NOW)).toBeNull();
    expect(hazardReportProblem(report({ start: NOW - HOUR, end: NOW - HOUR }), NOW)).toEqual({
      field: 'end',
      message: 'End time must be after Start time',
    });
    expect(hazardReportProblem(report({ start: NOW - HOUR, end: NOW - 2 * HOUR }), NOW)?.message).toBe(
      'End time must be after Start time',
    );
    const start = NOW - 40 * 24 * HOUR;
    expect(hazardReportProblem(report({ start, end: start + HAZARD_REPORT.maxWindowMs }), NOW)).toBeNull();
    expect(hazardReportProblem(report({ start, end: start + HAZARD_REPORT.maxWindowMs + 1 }), NOW)).toEqual({
      field: 'end',
      message: 'Select up to 31 days',
    });
  });

  it('opens on the last 24 hours, ending at the next whole minute', () => {
    expect(defaultHazardWindow(NOW + 1)).toEqual({ start: NOW + 60_000 - 24 * HOUR, end: NOW + 60_000 });
    expect(defaultHazardWindow(NOW)).toEqual({ start: NOW - 24 * HOUR, end: NOW });
  });
});

describe('a hazard as reported', () => {
  const valid = { hazard_type: 'debris', severity: 'high', lat: 39.78, lng: -89.65 };
  const messages = (input: object) =>
    CreateHazardInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it('needs a type, a severity and a point on Earth', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, hazard_type: 'lava' })).toEqual(['Select a hazard type']);
    expect(messages({ ...valid, hazard_type: undefined })).toEqual(['Select a hazard type']);
    expect(messages({ ...valid, severity: 'extreme' })).toEqual(['Select a severity']);
    expect(messages({ ...valid, lat: 90.0001 })).toEqual([HAZARD_MESSAGES.invalidLocation]);
    expect(messages({ ...valid, lng: -180.5 })).toEqual([HAZARD_MESSAGES.invalidLocation]);
    expect(messages({ ...valid, lat: '39' })).toEqual([HAZARD_MESSAGES.invalidLocation]);
  });

  it('takes a note of at most 500 characters (trimmed)', () => {
    expect(messages({ ...valid, note: 'x'.repeat(500) })).toEqual([]);
    expect(messages({ ...valid, note: ` ${'x'.repeat(500)} ` })).toEqual([]);
    expect(messages({ ...valid, note: 'x'.repeat(501) })).toEqual(['Limit 500 characters']);
    expect(ReportHazardFormSchema.safeParse({ hazard_type: 'ice', severity: 'low', note: '' }).success).toBe(
      true,
    );
  });

  it('takes a JPEG, PNG or WebP photo of at most 5 MB, in base64', () => {
    const photo = (content_type: string, data: string) =>
      messages({ ...valid, photo: { content_type, data } });
    expect(photo('image/png', 'iVBORw0KGgo=')).toEqual([]);
    expect(photo('image/gif', 'R0lGODlh')).toEqual(['Photo must be a JPEG, PNG or WebP image']);
    expect(photo('image/png', 'not base64!')).toEqual(['Photo must be a JPEG, PNG or WebP image']);
    // 5 MB is 2 bytes over a multiple of 3: base64 ending in one '='.
    const atLimit = `${'A'.repeat(Math.ceil(HAZARD_PHOTO.maxBytes / 3) * 4 - 1)}=`;
    expect(base64ByteLength(atLimit)).toBe(HAZARD_PHOTO.maxBytes);
    expect(photo('image/jpeg', atLimit)).toEqual([]);
    const overLimit = 'A'.repeat(Math.ceil(HAZARD_PHOTO.maxBytes / 3) * 4);
    expect(base64ByteLength(overLimit)).toBe(HAZARD_PHOTO.maxBytes + 1);
    expect(photo('image/jpeg', overLimit)).toEqual(['Photo must be 5 MB or smaller']);
    expect(photo('image/jpeg', `${overLimit}AAAA`)).toEqual(['Photo must be 5 MB or smaller']);
  });
});

describe('photos', () => {
  it('are recognised by their bytes, not their name', () => {
    expect(photoTypeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
    expect(photoTypeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    const webp = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
    expect(photoTypeOf(webp)).toBe('image/webp');
    expect(photoTypeOf(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(photoTypeOf(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(photoTypeOf(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('are checked for type and size before they are sent', () => {
    expect(hazardPhotoProblem({ type: 'image/webp', size: HAZARD_PHOTO.maxBytes })).toBeNull();
    expect(hazardPhotoProblem({ type: 'image/webp', size: HAZARD_PHOTO.maxBytes + 1 })).toBe(
      HAZARD_MESSAGES.photoTooLarge,
    );
    expect(hazardPhotoProblem({ type: 'image/heic', size: 1000 })).toBe(HAZARD_MESSAGES.photoType);
    expect(hazardPhotoProblem({ type: 'image/png', size: 0 })).toBe(HAZARD_MESSAGES.photoType);
  });
});

describe("a device's time", () => {
  it('is now without a timestamp, else its timestamp in seconds, milliseconds or ISO', () => {
    expect(deviceHazardTime(undefined, NOW)).toEqual({ at: NOW });
    expect(deviceHazardTime((NOW - HOUR) / 1000, NOW)).toEqual({ at: NOW - HOUR });
    expect(deviceHazardTime(NOW - HOUR, NOW)).toEqual({ at: NOW - HOUR });
    expect(deviceHazardTime('2026-12-01T11:00:00Z', NOW)).toEqual({ at: NOW - HOUR });
  });

  it('is refused unreadable, before 1970 or more than 5 minutes ahead', () => {
    expect(deviceHazardTime('soon', NOW)).toEqual({ problem: HAZARD_MESSAGES.badTimestamp });
    expect(deviceHazardTime(-5, NOW)).toEqual({ problem: HAZARD_MESSAGES.badTimestamp });
    expect(deviceHazardTime(NOW + 5 * 60_000, NOW)).toEqual({ at: NOW + 5 * 60_000 });
    expect(deviceHazardTime(NOW + 5 * 60_000 + 1000, NOW)).toEqual({
      problem: 'timestamp is more than 5 minutes in the future',
    });
  });
});

describe('failure messages', () => {
  it('name a lost connection and a hazard gone, else the reason given or the fallback', () => {
    expect(hazardErrorMessage(0, 'x', HAZARD_MESSAGES.unableToResolve)).toBe('Connection failed');
    expect(hazardErrorMessage(404, 'x', HAZARD_MESSAGES.unableToResolve)).toBe('Hazard not found');
    expect(hazardErrorMessage(409, 'Hazard is already resolved', HAZARD_MESSAGES.unableToResolve)).toBe(
      'Hazard is already resolved',
    );
    expect(hazardErrorMessage(500, '', HAZARD_MESSAGES.unableToResolve)).toBe('Unable to resolve Hazard');
  });
});

describe('the report form', () => {
  const form = hazardReportFormSchema(
    () => NOW,
    () => 'UTC',
  );
  const valid = {
    types: ['all'],
    severities: ['low', 'medium', 'high'],
    status: 'open',
    start: '2026-11-30T12:00',
    end: '2026-12-01T12:00',
  };
  const issues = (input: object) =>
    form.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('puts each rule’s message on its field', () => {
    expect(issues(valid)).toEqual([]);
    expect(issues({ ...valid, types: [] })).toEqual([['types', 'Must select at least 1 Hazard type']]);
    expect(issues({ ...valid, severities: [] })).toEqual([['severities', 'Must select at least 1 Severity']]);
    expect(issues({ ...valid, start: '2026-12-02T12:00', end: '2026-12-03T12:00' })).toEqual([
      ['start', 'Must be past date'],
    ]);
    expect(issues({ ...valid, end: valid.start })).toEqual([['end', 'End time must be after Start time']]);
    expect(issues({ ...valid, start: '2026-10-01T12:00' })).toEqual([['end', 'Select up to 31 days']]);
    expect(issues({ ...valid, start: '' })).toEqual([['start', 'Required']]);
    expect(issues({ ...valid, start: '', types: [] })).toEqual([
      ['start', 'Required'],
      ['types', 'Must select at least 1 Hazard type'],
    ]);
  });

  it("reads the fields as wall times of the organisation's zone", () => {
    // 08:00 on 1 December is before NOW (noon UTC) in UTC, but 14:00 UTC in Chicago: a future start there.
    const morning = { ...valid, start: '2026-12-01T08:00', end: '2026-12-01T10:00' };
    expect(issues(morning)).toEqual([]);
    const inChicago = hazardReportFormSchema(
      () => NOW,
      () => 'America/Chicago',
    );
    expect(inChicago.safeParse(morning).error?.issues.map((issue) => issue.message)).toEqual([
      'Must be past date',
    ]);
  });
});
