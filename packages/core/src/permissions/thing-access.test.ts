import { describe, expect, it } from 'vitest';
import {
  mayChangeThing,
  mayChangeThingOrganizations,
  mayRegisterThing,
  maySeeThing,
  type ThingOrganizations,
} from './thing-access';

const thing: ThingOrganizations = { ownerId: 'owner', managerIds: ['manager'], accessorIds: ['accessor'] };

describe('thing access', () => {
  it.each([
    ['the owner', ['owner'], true, true, true],
    ['an organisation managing the owner', ['mine', 'owner'], true, true, true],
    ['a manager of the asset', ['manager'], true, true, false],
    ['an accessor of the asset', ['accessor'], true, false, false],
    ['an unrelated organisation', ['elsewhere'], false, false, false],
    ['a platform administrator', null, true, true, true],
  ] as const)('%s: sees %s, changes %s, changes its organisations %s', (_who, caller, see, change, own) => {
    expect(maySeeThing(caller, thing)).toBe(see);
    expect(mayChangeThing(caller, thing)).toBe(change);
    expect(mayChangeThingOrganizations(caller, thing)).toBe(own);
  });

  it('no organisations allow nothing', () => {
    expect(maySeeThing([], thing)).toBe(false);
    expect(mayChangeThing([], thing)).toBe(false);
  });

  it.each([
    ['for its own organisation', ['mine'], 'mine', true],
    ['for an organisation it manages', ['mine', 'managed'], 'managed', true],
    ['for any other organisation', ['mine', 'managed'], 'elsewhere', false],
    ['as a platform administrator, for any organisation', null, 'elsewhere', true],
  ] as const)('registers an asset %s: %s', (_case, caller, organization, allowed) => {
    expect(mayRegisterThing(caller, organization)).toBe(allowed);
  });
});
