/**
 * POST /organization/closure (a new closure), PUT /organization/closure/{id} (the whole closure, or
 * the list's quick Activate/Deactivate of a manual one).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ClosureSchema,
  type Closure,
  type ClosureInput,
  type ClosureQuickUpdate,
} from '@flare/core/schemas/closure';
import { apiFetch, parseResponse } from '../../../lib/api-client';
import { CLOSURES_KEY } from './get-closures';

export async function saveClosure({
  id,
  input,
}: {
  id: string | null;
  input: ClosureInput | ClosureQuickUpdate;
}): Promise<Closure> {
  const body = await apiFetch<unknown>(
    id ? `/organization/closure/${encodeURIComponent(id)}` : '/organization/closure',
    // A new closure belongs to the organisation on show (a platform admin may have switched to another).
    { method: id ? 'PUT' : 'POST', body: input, scoped: !id },
  );
  return parseResponse(ClosureSchema, body);
}

export function useSaveClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClosure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLOSURES_KEY }),
  });
}
