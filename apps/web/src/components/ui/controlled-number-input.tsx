/**
 * A NumberInput bound to a react-hook-form field holding a number (undefined while empty, for the
 * form's schema to name), showing its error by the form's rule (visibleError).
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { visibleError } from '../../lib/field-error';

export function ControlledNumberInput<T extends FieldValues>({
  control,
  name,
  submitFailed,
  ...props
}: {
  control: Control<T>;
  name: FieldPathByValue<T, number | undefined>;
  submitFailed: boolean;
} & Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'error'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...props}
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={visibleError(fieldState.error, {
            touched: fieldState.isTouched,
            dirty: fieldState.isDirty,
            submitFailed,
          })}
        />
      )}
    />
  );
}
