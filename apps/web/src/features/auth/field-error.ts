import type { FieldError } from 'react-hook-form';

/**
 * A text field shows its error only when touched, and changed or the submit failed, and not
 * disabled (spec 1 section 5).
 */
export function visibleError(
  error: FieldError | undefined,
  state: { touched?: boolean; dirty?: boolean; submitFailed: boolean; disabled?: boolean },
): string | undefined {
  if (!error || state.disabled) return undefined;
  return state.touched && (state.dirty || state.submitFailed) ? error.message : undefined;
}
