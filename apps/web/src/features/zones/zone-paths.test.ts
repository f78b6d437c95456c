import { describe, expect, it } from 'vitest';
import { isEditingZone, selectedZoneId } from './zone-paths';

const id = '0a8d7b3e-1111-4000-8000-000000000001';

describe('zone paths', () => {
  it('select a zone by its id, in the list and while editing it', () => {
    expect(selectedZoneId(`/dashboard/zones/${id}`)).toBe(id);
    expect(selectedZoneId(`/dashboard/zones/${id}/edit`)).toBe(id);
    expect(selectedZoneId('/dashboard/zones')).toBeNull();
    expect(selectedZoneId('/dashboard/zones/new')).toBeNull();
  });

  it('tell the form apart from the list', () => {
    expect(isEditingZone('/dashboard/zones/new')).toBe(true);
    expect(isEditingZone(`/dashboard/zones/${id}/edit`)).toBe(true);
    expect(isEditingZone(`/dashboard/zones/${id}`)).toBe(false);
    expect(isEditingZone('/dashboard/zones')).toBe(false);
  });
});
