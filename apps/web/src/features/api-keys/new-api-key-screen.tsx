/** A new API key: a description and what it may do, then the token, shown this once with a copy button. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Checkbox, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLocation, useNavigate } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import {
  API_KEY_DESCRIPTION_MAX,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  CreateApiKeyInputSchema,
  DEFAULT_API_KEY_SCOPES,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '@flare/core/schemas/api-key';
import { driveLinkFor } from '../../config/links';
import { CopyValueButton } from '../../components/ui/copy-value-button';
import { CountedTextInput } from '../../components/ui/counted-text-input';
import { FormActions, FormScreen, ServerErrorLine } from '../../components/ui/form-layout';
import { ApiError } from '../../lib/api-client';
import { useCreateApiKey } from './api/create-api-key';
import { Authorization } from '../../components/ui/authorization';

export function NewApiKeyScreen() {
  return <Authorization access="createApiKey">{() => <NewApiKey />}</Authorization>;
}

function NewApiKey() {
  const navigate = useNavigate();
  const listPath = useLocation().pathname.replace(/\/new\/?$/, '');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const toList = () => void navigate(listPath);
  return (
    <FormScreen title="New API key">
      {created ? (
        <CreatedKey created={created} onDone={toList} />
      ) : (
        <NewApiKeyForm onCreated={setCreated} onCancel={toList} />
      )}
    </FormScreen>
  );
}

function NewApiKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiKey();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<z.input<typeof CreateApiKeyInputSchema>, unknown, CreateApiKeyInput>({
    resolver: zodResolver(CreateApiKeyInputSchema),
    defaultValues: { description: '', scopes: [...DEFAULT_API_KEY_SCOPES] },
    mode: 'onTouched',
  });
  const { formState } = form;
  const submit = async (values: CreateApiKeyInput) => {
    setServerError(null);
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      setServerError(
        error instanceof ApiError && error.status === 0
          ? MESSAGES.connectionFailed
          : error instanceof ApiError && error.status === 422
            ? error.message
            : MESSAGES.unknownFailure,
      );
    }
  };
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="sm">
        <CountedTextInput
          control={form.control}
          name="description"
          label="Description"
          description="What uses this key, e.g. the CAD system"
          withAsterisk
          max={API_KEY_DESCRIPTION_MAX}
          submitFailed={formState.submitCount > 0 && !formState.isSubmitSuccessful}
        />
        <Controller
          control={form.control}
          name="scopes"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label="What the key may do"
              description="Only within your organisation"
              withAsterisk
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              <Stack gap={6} mt={6}>
                {API_KEY_SCOPES.map((scope) => (
                  <Checkbox key={scope} value={scope} label={API_KEY_SCOPE_LABELS[scope]} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <FormActions
          canSave={formState.isDirty}
          submitting={formState.isSubmitting}
          onCancel={onCancel}
          saveLabel="Create"
          savingLabel="Creating..."
        />
        <ServerErrorLine message={serverError} />
      </Stack>
    </form>
  );
}

function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" c="dark.9" py="xs">
        Copy this key now: it is not shown again.
      </Alert>
      <Text size="sm">{created.description}</Text>
      <Code block aria-label="API key" data-testid="api-key-token">
        {created.token}
      </Code>
      {created.scopes.includes('alerts:read') && <DriverViewLink token={created.token} />}
      <Group justify="flex-end" gap="sm">
        <CopyButton value={created.token}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? MESSAGES.copied : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}

/** A key that reads alerts opens the driver view for drivers: its link, to send to them. */
function DriverViewLink({ token }: { token: string }) {
  const link = driveLinkFor(window.location.origin, token);
  return (
    <Stack gap={4}>
      <Group gap={6}>
        <Text size="sm" fw={600}>
          Driver view link
        </Text>
        <CopyValueButton value={link} label="Copy driver view link" />
      </Group>
      <Text size="sm" c="gray.7">
        Drivers who open it on their phone see the alerts on their way, without signing in.
      </Text>
      <Anchor href={link} target="_blank" rel="noopener" size="sm" style={{ wordBreak: 'break-all' }}>
        {link}
      </Anchor>
    </Stack>
  );
}
