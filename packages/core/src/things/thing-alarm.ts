/**
 * Alarms a device raises, in words. The codes are Traccar's (the OsmAnd `alarm` parameter); a code
 * without a label here is shown as sent, so a new device alarm is never hidden.
 */
export function alarmLabel(code: string): string {
  switch (code) {
    case 'sos':
      return 'SOS';
    case 'general':
      return 'Alarm';
    case 'lowBattery':
      return 'Low battery';
    case 'powerCut':
      return 'Power cut';
    case 'tampering':
      return 'Tampering';
    case 'accident':
      return 'Accident';
    default:
      return code;
  }
}

/** Alarms raised over any other (an SOS is never hidden behind a low battery). */
export const URGENT_ALARMS: readonly string[] = ['sos'];

/**
 * Whether an incoming alarm replaces what is raised on the asset (null: nothing). The first raised
 * alarm stays until acknowledged, unless an urgent one comes over a non-urgent one.
 */
export function raisesOver(incoming: string, raised: string | null): boolean {
  return raised === null || (URGENT_ALARMS.includes(incoming) && !URGENT_ALARMS.includes(raised));
}
