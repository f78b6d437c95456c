/**
 * The address part of a form (areas, organisations, the profile): the state and postal code follow the country
 * (State and Zip code for the US, Province and Postal code for Canada, Region and Postal code
 * elsewhere; a list of states for the US and Canada, free text elsewhere). Changing the country
 * clears the state.
 */
import { TextInput } from '@mantine/core';
import {
  Controller,
  useWatch,
  type Control,
  type ControllerFieldState,
  type FieldValues,
  type UseFormSetValue,
} from 'react-hook-form';
import { addressLabels, REGIONS_BY_COUNTRY } from '@flare/core/schemas/address';
import { visibleError } from '../../lib/field-error';
import { ControlledSelect } from './controlled-select';

/** Countries offered; the rest of the world's two-letter codes are typed. */
const COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
  { value: 'MX', label: 'Mexico' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'IE', label: 'Ireland' },
  { value: 'AU', label: 'Australia' },
  { value: 'NZ', label: 'New Zealand' },
  { value: 'DE', label: 'Germany' },
  { value: 'FR', label: 'France' },
];

/** The address fields a form holds (as the form edits them). */
export interface AddressFormValues {
  address1?: string | null | undefined;
  address2?: string | null | undefined;
  city?: string | null | undefined;
  state?: string | null | undefined;
  postal_code?: string | null | undefined;
  country_code?: string | null | undefined;
}

export function AddressFields<T extends FieldValues & AddressFormValues>({
  control,
  setValue,
  submitFailed,
  streetRequired = false,
  optional = false,
}: {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  submitFailed: boolean;
  /** Marks the street address and city as required (organisations). */
  streetRequired?: boolean;
  /** The address may be left empty (a person's): state and country are required only once it is filled. */
  optional?: boolean;
}) {
  // The fields are named alike in every address form.
  const address = control as unknown as Control<AddressFormValues>;
  const setAddress = setValue as unknown as UseFormSetValue<AddressFormValues>;
  const country = (useWatch({ control: address, name: 'country_code' }) ?? '').toUpperCase();
  const errorOf = (state: ControllerFieldState) =>
    visibleError(state.error, { touched: state.isTouched, dirty: state.isDirty, submitFailed });
  const labels = addressLabels(country);
  const regions = country === 'US' || country === 'CA' ? REGIONS_BY_COUNTRY[country] : null;
  const text = (name: 'address1' | 'address2' | 'city', label: string, required: boolean) => (
    <Controller
      control={address}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={label}
          withAsterisk={required}
          {...field}
          value={field.value ?? ''}
          error={errorOf(fieldState)}
        />
      )}
    />
  );
  return (
    <>
      {text('address1', 'Address', streetRequired)}
      {text('address2', 'Address 2', false)}
      {text('city', 'City', streetRequired)}
      <ControlledSelect
        control={address}
        name="country_code"
        label="Country"
        withAsterisk={!optional}
        clearable={optional}
        searchable
        data={COUNTRIES}
        submitFailed={submitFailed}
        onChosen={() => setAddress('state', '', { shouldDirty: true })}
      />
      {regions ? (
        <ControlledSelect
          control={address}
          name="state"
          label={labels.state}
          withAsterisk={!optional}
          clearable={optional}
          searchable
          data={regions.map((region) => ({ value: region.code, label: region.name }))}
          submitFailed={submitFailed}
        />
      ) : (
        <Controller
          control={address}
          name="state"
          render={({ field, fieldState }) => (
            <TextInput
              label={labels.state}
              withAsterisk={!optional}
              {...field}
              value={field.value ?? ''}
              error={errorOf(fieldState)}
            />
          )}
        />
      )}
      <Controller
        control={address}
        name="postal_code"
        render={({ field, fieldState }) => (
          <TextInput
            label={labels.postalCode}
            inputMode={country === 'US' ? 'numeric' : 'text'}
            {...field}
            value={field.value ?? ''}
            error={errorOf(fieldState)}
          />
        )}
      />
    </>
  );
}
