import type { FieldError } from 'react-hook-form';

/**
 * A text field shows its error only when touched, and changed or the submit failed, and not
 * disabled; select inputs follow the same rule. A failed
 * submit counts every field as touched (as Formik, which the rule comes from, does), so an empty
 * form says what it needs.
 */
export function visibleError(
  error: FieldError | undefined,
  state: { touched?: boolean; dirty?: boolean; submitFailed: boolean; disabled?: boolean },
): string | undefined {
  if (!error || state.disabled) return undefined;
  const touched = state.touched || state.submitFailed;
  return touched && (state.dirty || state.submitFailed) ? error.message : undefined;
}
