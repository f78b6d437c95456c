/**
 * A map position field of a react-hook-form form: typed as "lat, lng" (as the map's coordinate search
 * and right-click menu give it), held as { lat, lng }, or null when left empty. Text that is not a
 * position on the Earth is held as typed, which the form's schema refuses at the field itself (errors
 * inside an object would not show on the field until a submit).
 */
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { COORDINATE_SEARCH, parseCoordinates } from '@flare/core/areas/coordinate-search';
import { visibleError } from '../../lib/field-error';

type Position = { lat: number; lng: number } | string | null | undefined;

const textOf = (position: Position) =>
  typeof position === 'string' ? position : position ? `${position.lat}, ${position.lng}` : '';
const positionOf = (text: string): Position => (text.trim() === '' ? null : (parseCoordinates(text) ?? text));

export function MapPositionInput<T extends FieldValues>({
  control,
  name,
  label,
  description,
  submitFailed,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description: string;
  submitFailed: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PositionText
          initial={textOf(field.value)}
          label={label}
          description={description}
          onChange={(text) => field.onChange(positionOf(text))}
          onBlur={field.onBlur}
          error={visibleError(fieldState.error && { type: 'position', message: COORDINATE_SEARCH.invalid }, {
            touched: fieldState.isTouched,
            dirty: fieldState.isDirty,
            submitFailed,
          })}
        />
      )}
    />
  );
}

/** The text as typed stays while it is being edited ("39." is not a position yet). */
function PositionText(props: {
  initial: string;
  label: string;
  description: string;
  error: string | undefined;
  onChange: (text: string) => void;
  onBlur: () => void;
}) {
  const [text, setText] = useState(props.initial);
  return (
    <TextInput
      label={props.label}
      description={props.description}
      placeholder={COORDINATE_SEARCH.placeholder}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        props.onChange(event.currentTarget.value);
      }}
      onBlur={props.onBlur}
      error={props.error}
    />
  );
}
