/**
 * A Select bound to a react-hook-form field holding a string ('' when nothing is chosen), showing
 * its error by the form's rule (visibleError). `onChosen` runs after a change (e.g. to clear a field
 * that depends on this one). Choosing the chosen option again keeps it (Mantine's default would empty
 * the field; an optional field offers `clearable` for that). Lists of more than 20 options get
 * 40 px rows (the theme caps every option list at 400 px).
 */
import { Select, type SelectProps } from '@mantine/core';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { OPTION_LIST } from '@flare/core/constants';
import { visibleError } from '../../lib/field-error';

export function ControlledSelect<T extends FieldValues>({
  control,
  name,
  submitFailed,
  onChosen,
  ...props
}: {
  control: Control<T>;
  name: FieldPathByValue<T, string | null | undefined>;
  submitFailed: boolean;
  onChosen?: (value: string) => void;
} & Omit<SelectProps, 'value' | 'onChange' | 'onBlur' | 'error'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...(Array.isArray(props.data) && props.data.length > OPTION_LIST.longListOver
            ? { styles: { option: { minHeight: OPTION_LIST.longListRowPx } } }
            : {})}
          allowDeselect={false}
          {...props}
          value={field.value || null}
          onChange={(value) => {
            if ((value ?? '') === (field.value ?? '')) return;
            field.onChange(value ?? '');
            onChosen?.(value ?? '');
          }}
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
