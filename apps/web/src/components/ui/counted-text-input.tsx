/**
 * A text field of a react-hook-form form with a character counter "n/max" that turns to a warning
 * colour within 5 characters of the limit, and its error shown by the
 * touched/dirty rule.
 */
import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { visibleError } from '../../lib/field-error';

/** The counter warns this many characters before the limit. */
export const COUNTER_WARNING_WITHIN = 5;
/** A dark orange that keeps 4.5:1 contrast on white (Mantine's orange shades do not). */
const WARNING_COLOR = '#a84300';

export type CounterState = 'ok' | 'warning' | 'over';

export function counterState(length: number, max: number): CounterState {
  if (length > max) return 'over';
  return max - length <= COUNTER_WARNING_WITHIN ? 'warning' : 'ok';
}

const COUNTER_COLORS: Record<CounterState, string> = {
  ok: 'gray.7',
  warning: WARNING_COLOR,
  over: 'red.9',
};

export function CharacterCounter({ length, max }: { length: number; max: number }) {
  const state = counterState(length, max);
  return (
    <Text
      component="span"
      size="xs"
      c={COUNTER_COLORS[state]}
      fw={state === 'ok' ? 400 : 600}
      data-state={state}
    >
      {length}/{max}
    </Text>
  );
}

type Props<T extends FieldValues, C, V> = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error'> & {
  /** A form's control, whatever its context and the values its rule turns the fields into. */
  control: Control<T, C, V>;
  name: FieldPath<T>;
  /** Shows the counter. */
  max?: number;
  /** What the field is for, in words, above the counter. */
  hint?: string;
  submitFailed: boolean;
};

export function CountedTextInput<T extends FieldValues, C = unknown, V = T>({
  control,
  name,
  max,
  hint,
  submitFailed,
  disabled,
  ...props
}: Props<T, C, V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <TextInput
            {...props}
            ref={field.ref}
            name={field.name}
            value={value}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
            disabled={disabled}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              hint || max !== undefined ? (
                <>
                  {hint && <span style={{ display: 'block' }}>{hint}</span>}
                  {max !== undefined && <CharacterCounter length={value.length} max={max} />}
                </>
              ) : undefined
            }
            error={visibleError(fieldState.error, {
              touched: fieldState.isTouched,
              dirty: fieldState.isDirty,
              submitFailed,
              disabled: disabled ?? false,
            })}
          />
        );
      }}
    />
  );
}
