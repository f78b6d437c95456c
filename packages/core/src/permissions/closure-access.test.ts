import { describe, expect, it } from 'vitest';
import { mayAddClosure, mayDeleteClosure, mayEditClosure, mayRouteClosure } from './closure-access';

const caller = (...permissions: string[]) => ({ organizationId: 'org-a', permissions });
const own = { organizationId: 'org-a', closureType: 'manual' as const };

describe('who may change closures', () => {
  it('adds with closure create or manage, or the mobile permission on a phone', () => {
    expect(mayAddClosure(caller('closure:create'), 'org-a', 'desktop')).toBe(true);
    expect(mayAddClosure(caller('closure:read'), 'org-a', 'desktop')).toBe(false);
    expect(mayAddClosure(caller('mobile:closure:create'), 'org-a', 'desktop')).toBe(false);
    expect(mayAddClosure(caller('mobile:closure:create'), 'org-a', 'mobile')).toBe(true);
    expect(mayAddClosure(caller('mobile:closure:create'), 'org-a', 'any')).toBe(true);
  });

  it('edits with update or manage; deletes with delete or manage', () => {
    expect(mayEditClosure(caller('closure:update'), own, 'desktop')).toBe(true);
    expect(mayEditClosure(caller('mobile:closure:update'), own, 'mobile')).toBe(true);
    expect(mayEditClosure(caller('closure:create'), own, 'any')).toBe(false);
    expect(mayDeleteClosure(caller('closure:delete'), own)).toBe(true);
    expect(mayDeleteClosure(caller('closure:update'), own)).toBe(false);
  });

  it('feed closures are changed by nobody; other organisations only by platform administrators', () => {
    const feed = { ...own, closureType: 'feed' as const };
    expect(mayEditClosure(caller('closure:manage', 'haas:manage'), feed, 'any')).toBe(false);
    expect(mayDeleteClosure(caller('closure:manage', 'haas:manage'), feed)).toBe(false);
    const other = { ...own, organizationId: 'org-b' };
    expect(mayEditClosure(caller('closure:manage'), other, 'any')).toBe(false);
    expect(mayEditClosure(caller('haas:manage'), other, 'any')).toBe(true);
    expect(mayAddClosure(caller('closure:manage'), 'org-b', 'any')).toBe(false);
  });
});

describe('who may ask for a driving route', () => {
  it('whoever may add or change closures (on any device)', () => {
    expect(mayRouteClosure(caller('closure:create'))).toBe(true);
    expect(mayRouteClosure(caller('mobile:closure:update'))).toBe(true);
    expect(mayRouteClosure(caller('haas:manage'))).toBe(true);
    expect(mayRouteClosure(caller('closure:read', 'closure:delete'))).toBe(false);
  });
});
