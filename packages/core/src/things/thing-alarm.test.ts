import { describe, expect, it } from 'vitest';
import { alarmLabel } from './thing-alarm';

describe('alarmLabel', () => {
  it('names the known Traccar alarms', () => {
    expect(['sos', 'general', 'lowBattery', 'powerCut', 'tampering', 'accident'].map(alarmLabel)).toEqual([
      'SOS',
      'Alarm',
      'Low battery',
      'Power cut',
      'Tampering',
      'Accident',
    ]);
  });

  it('shows any other code as sent', () => {
    expect(alarmLabel('overspeed')).toBe('overspeed');
    expect(alarmLabel('constructor')).toBe('constructor');
  });
});
