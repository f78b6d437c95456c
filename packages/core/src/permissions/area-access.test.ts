import { describe, expect, it } from 'vitest';
import { mayAddArea, mayDeleteArea, mayEditArea } from './area-access';

const OWN = 'org-own';
const OTHER = 'org-other';
const caller = (...permissions: string[]) => ({ organizationId: OWN, permissions });
const area = (organizationId: string, avType = false) => ({ organizationId, avType });

describe('area permissions', () => {
  it('owners add, edit and delete with the area permissions', () => {
    expect(mayAddArea(caller('exclusion:create'), area(OWN))).toBe(true);
    expect(mayAddArea(caller('exclusion:read'), area(OWN))).toBe(false);
    expect(mayEditArea(caller('exclusion:update'), area(OWN))).toBe(true);
    expect(mayEditArea(caller('exclusion:create'), area(OWN))).toBe(false);
    expect(mayDeleteArea(caller('exclusion:update'), area(OWN))).toBe(true);
    expect(mayDeleteArea(caller('exclusion:delete'), area(OWN))).toBe(true);
    expect(mayDeleteArea(caller('exclusion:read'), area(OWN))).toBe(false);
    for (const check of [mayAddArea, mayEditArea, mayDeleteArea])
      expect(check(caller('exclusion:manage'), area(OWN))).toBe(true);
  });

  it("other organisations' areas and autonomous-vehicle types need haas:manage", () => {
    for (const check of [mayAddArea, mayEditArea, mayDeleteArea]) {
      expect(check(caller('exclusion:manage'), area(OTHER))).toBe(false);
      expect(check(caller('exclusion:manage'), area(OWN, true))).toBe(false);
      expect(check(caller('haas:manage'), area(OTHER))).toBe(true);
      expect(check(caller('haas:manage'), area(OWN, true))).toBe(true);
    }
  });
});
