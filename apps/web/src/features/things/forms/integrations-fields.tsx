/**
 * The profile's integrations: provider (Geotab or Samsara) and integration ID, at most 2 and each
 * provider once; the add button reads "Available providers in use" when full.
 */
import { ActionIcon, Button, Fieldset, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import {
  INTEGRATION_PROVIDER_NAMES,
  INTEGRATION_PROVIDERS,
  THING_FIELD_MAX,
  THING_MESSAGES,
} from '@flare/core/schemas/thing';
import { canAddIntegration, type ThingProfileForm } from '@flare/core/things/thing-edit';
import { visibleError } from '../../../lib/field-error';
import { CountedTextInput } from '../../../components/ui/counted-text-input';

const PROVIDER_OPTIONS = INTEGRATION_PROVIDERS.map((provider) => ({
  value: provider,
  label: INTEGRATION_PROVIDER_NAMES[provider],
}));

export function IntegrationsFields({
  control,
  submitFailed,
}: {
  control: Control<ThingProfileForm>;
  submitFailed: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'integrations' });
  const integrations = useWatch({ control, name: 'integrations' });
  const full = !canAddIntegration(integrations);
  return (
    <Fieldset
      legend="Integrations"
      variant="unstyled"
      styles={{ legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      <Stack gap="sm">
        {fields.length === 0 && (
          <Text size="sm" c="gray.7">
            No integrations
          </Text>
        )}
        {fields.map((item, index) => (
          <Group
            key={item.id}
            role="group"
            aria-label={`Integration ${index + 1}`}
            align="flex-start"
            gap="xs"
            wrap="nowrap"
          >
            <Controller
              control={control}
              name={`integrations.${index}.provider`}
              render={({ field, fieldState }) => (
                <Select
                  label="Provider"
                  w={130}
                  data={PROVIDER_OPTIONS}
                  value={field.value || null}
                  placeholder="Choose"
                  allowDeselect={false}
                  onChange={(value) => field.onChange(value ?? '')}
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
            <CountedTextInput
              control={control}
              name={`integrations.${index}.identifier`}
              label="Integration ID"
              max={THING_FIELD_MAX}
              submitFailed={submitFailed}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray.8"
              mt={28}
              aria-label={`Remove integration ${index + 1}`}
              onClick={() => remove(index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          leftSection={full ? undefined : <IconPlus size={16} />}
          disabled={full}
          onClick={() => append({ provider: '', identifier: '' })}
        >
          {full ? THING_MESSAGES.providersInUse : 'Add integration'}
        </Button>
      </Stack>
    </Fieldset>
  );
}
