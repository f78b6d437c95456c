/**
 * The address part of the area form: the state and postal code follow the country (State and Zip code
 * for the US, Province and Postal code for Canada, Region and Postal code elsewhere; a list of states
 * for the US and Canada, free text elsewhere). Changing the country clears the state.
 */
import { TextInput } from '@mantine/core';
import { Controller, type Control, type ControllerFieldState, type UseFormSetValue } from 'react-hook-form';
import { addressLabels, REGIONS_BY_COUNTRY } from '@flare/core/schemas/address';
import type { AreaFormInput } from '@flare/core/schemas/area';
import { ControlledSelect } from '../../../components/ui/controlled-select';
import { visibleError } from '../../../lib/field-error';

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

export function AddressFields({
  control,
  setValue,
  country,
  submitFailed,
}: {
  control: Control<AreaFormInput>;
  setValue: UseFormSetValue<AreaFormInput>;
  country: string;
  submitFailed: boolean;
}) {
  const errorOf = (state: ControllerFieldState) =>
    visibleError(state.error, { touched: state.isTouched, dirty: state.isDirty, submitFailed });
  const labels = addressLabels(country);
  const regions = country === 'US' || country === 'CA' ? REGIONS_BY_COUNTRY[country] : null;
  const text = (name: 'address1' | 'address2' | 'city', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput label={label} {...field} value={field.value ?? ''} error={errorOf(fieldState)} />
      )}
    />
  );
  return (
    <>
      {text('address1', 'Address')}
      {text('address2', 'Address 2')}
      {text('city', 'City')}
      <ControlledSelect
        control={control}
        name="country_code"
        label="Country"
        withAsterisk
        searchable
        data={COUNTRIES}
        submitFailed={submitFailed}
        onChosen={() => setValue('state', '', { shouldDirty: true })}
      />
      {regions ? (
        <ControlledSelect
          control={control}
          name="state"
          label={labels.state}
          withAsterisk
          searchable
          data={regions.map((region) => ({ value: region.code, label: region.name }))}
          submitFailed={submitFailed}
        />
      ) : (
        <Controller
          control={control}
          name="state"
          render={({ field, fieldState }) => (
            <TextInput label={labels.state} withAsterisk {...field} error={errorOf(fieldState)} />
          )}
        />
      )}
      <Controller
        control={control}
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
