/**
 * A date-and-time field on the organisation's clock: its value is a wall time of the display zone (see
 * lib/format-time's toZoneInput and fromZoneInput), and it says which zone that is ("In CST"), since
 * the browser may be in another, after the field's own hint when it has one.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { displayZoneName } from '../../lib/format-time';

export function ZonedTimeInput({
  description,
  ...props
}: Omit<TextInputProps, 'type' | 'description'> & { description?: string; ref?: Ref<HTMLInputElement> }) {
  const zone = `In ${displayZoneName()}`;
  return (
    <TextInput
      type="datetime-local"
      description={description ? `${description}. ${zone}` : zone}
      {...props}
    />
  );
}
