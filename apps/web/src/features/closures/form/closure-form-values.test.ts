import { describe, expect, it } from 'vitest';
import { CLOSURE_MESSAGES } from '@flare/core/schemas/closure';
import { makeClosure } from '@flare/core/testing/closures';
import {
  closureFormValues,
  closureResolver,
  closureTiming,
  type ClosureFormContext,
} from './closure-form-values';

const ROUTE: ClosureFormContext = {
  line: [
    [-89.65, 39.8],
    [-89.64, 39.8],
  ],
  routePath: null,
  wzdxOrganization: false,
};
const resolve = (values: ReturnType<typeof closureFormValues>, context = ROUTE) =>
  closureResolver(values, context, { fields: {}, shouldUseNativeValidation: false });

describe('the closure form rule', () => {
  it('marks every field at once, the times on their wall-time fields, the route first under the form', async () => {
    const values = { ...closureFormValues(null, false), is_scheduled: true, end: '2026-11-30T10:00' };
    const { errors } = await resolve(values, { ...ROUTE, line: [] });
    expect(errors.description?.message).toBeTruthy();
    expect(errors.start?.message).toBe(CLOSURE_MESSAGES.startRequired);
    expect(errors.root?.message).toBe(CLOSURE_MESSAGES.routeRequired);
  });

  it('turns valid values and the drawn route into the payload', async () => {
    const closure = makeClosure({
      description: 'Lane 2',
      direction: 'N',
      is_active: false,
      is_scheduled: false,
    });
    const { values, errors } = await resolve({
      ...closureFormValues(closure, false),
      description: '  Lane 2  ',
    });
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      description: 'Lane 2',
      direction: 'N',
      user_route: { type: 'LineString', coordinates: ROUTE.line },
      start_time: null,
    });
  });

  it('turning a closure active starts it now and ends it an hour later, keeping times already set', () => {
    const now = Date.UTC(2026, 10, 29, 12);
    const started = closureTiming({ start: '', end: '' }, 'active', now);
    expect(started).toMatchObject({ is_active: true, is_scheduled: false });
    expect(started.start).not.toBe('');
    expect(closureTiming({ start: 'a', end: 'b' }, 'scheduled', now)).toMatchObject({ start: 'a', end: 'b' });
    expect(closureTiming({ start: 'a', end: 'b' }, null, now)).toEqual({
      is_active: false,
      is_scheduled: false,
    });
  });
});
