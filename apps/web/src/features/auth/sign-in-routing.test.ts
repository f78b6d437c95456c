import { describe, expect, it } from 'vitest';
import { landingPath } from './sign-in-screen';
import { visibleError } from '../../lib/field-error';

describe('where sign-in lands', () => {
  it('goes to the requested path when its section is allowed', () => {
    expect(landingPath('/dashboard/areas/12', ['exclusion:read'], 'areas')).toBe('/dashboard/areas/12');
  });

  it('falls back to the default section when the requested one is not allowed or unknown', () => {
    expect(landingPath('/dashboard/zones', ['incident:read'], 'events')).toBe('/dashboard/events');
    expect(landingPath('/dashboard/nowhere', ['incident:read'], 'events')).toBe('/dashboard/events');
    expect(landingPath(undefined, ['incident:read'], 'events')).toBe('/dashboard/events');
  });
});

describe('when a field shows its error', () => {
  const error = { type: 'too_small', message: 'Required' };
  it('only when touched, and changed or the submit failed, and not disabled', () => {
    expect(visibleError(error, { touched: false, dirty: true, submitFailed: false })).toBeUndefined();
    // A failed submit touches every field.
    expect(visibleError(error, { touched: false, dirty: false, submitFailed: true })).toBe('Required');
    expect(visibleError(error, { touched: true, dirty: false, submitFailed: false })).toBeUndefined();
    expect(visibleError(error, { touched: true, dirty: true, submitFailed: false })).toBe('Required');
    expect(visibleError(error, { touched: true, dirty: false, submitFailed: true })).toBe('Required');
    expect(
      visibleError(error, { touched: true, dirty: true, submitFailed: true, disabled: true }),
    ).toBeUndefined();
  });
});
