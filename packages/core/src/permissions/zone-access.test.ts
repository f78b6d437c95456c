import { describe, expect, it } from 'vitest';
import { mayManageZone } from './zone-access';

const own = { organizationId: 'org-a' };
const other = { organizationId: 'org-b' };

describe('who manages alerting zones', () => {
  it('their own organisation with zone:manage, not with zone:read', () => {
    expect(mayManageZone({ organizationId: 'org-a', permissions: ['zone:manage'] }, own)).toBe(true);
    expect(mayManageZone({ organizationId: 'org-a', permissions: ['zone:read'] }, own)).toBe(false);
  });

  it("another organisation's only with haas:manage", () => {
    expect(mayManageZone({ organizationId: 'org-a', permissions: ['zone:manage'] }, other)).toBe(false);
    expect(mayManageZone({ organizationId: 'org-a', permissions: ['haas:manage'] }, other)).toBe(true);
  });
});
