/**
 * "Edit Organization Access" at things/{thingId}/edit/associations: each
 * organisation related to the asset is a Manager, an Accessor or removed; organisations the user
 * knows can be added. Only the changed ones are sent. Taking away the last organisation the asset is
 * shared with asks first: afterwards only the owner sees it.
 */
import { Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { Profile } from '@flare/core/schemas/profile';
import { THING_MESSAGES, type Thing } from '@flare/core/schemas/thing';
import { primaryDisplayName } from '@flare/core/things/thing-display';
import {
  accessFormRows,
  addableOrganizations,
  RELATIONSHIP_CHOICE_LABELS,
  RELATIONSHIP_CHOICES,
  removedOrganizations,
  removesLastSharedOrganization,
  updateAssociationsInput,
  type AccessFormRow,
  type RelationshipChoice,
} from '@flare/core/things/thing-edit';
import { FormActions, FormScreen, ServerErrorLine } from '../../../components/ui/form-layout';
import { useThing } from '../api/get-thing';
import { useUpdateThingAssociations } from '../api/update-thing-associations';
import { LoadFailed, LoadingForm, thingErrorMessage } from './form-parts';
import { RemoveAllAccessDialog } from './remove-all-access-dialog';
import { useBackToThing, useNavigateAfterSave } from './use-back-to-thing';
import { Authorization } from '../../../components/ui/authorization';

const TITLE = 'Edit Organization Access';

export function EditThingAssociationsScreen() {
  const { thingId = '' } = useParams();
  return (
    <Authorization access="editThing">
      {(profile) => <LoadAssociations thingId={thingId} profile={profile} />}
    </Authorization>
  );
}

function LoadAssociations({ thingId, profile }: { thingId: string; profile: Profile }) {
  const thing = useThing(thingId);
  const back = useBackToThing();
  return (
    <FormScreen title={TITLE} subtitle={thing.data ? primaryDisplayName(thing.data) : null}>
      {thing.error ? (
        <LoadFailed error={thing.error} onBack={back} />
      ) : thing.data ? (
        <AssociationsForm key={thing.data.id} thing={thing.data} profile={profile} />
      ) : (
        <LoadingForm />
      )}
    </FormScreen>
  );
}

function AssociationsForm({ thing, profile }: { thing: Thing; profile: Profile }) {
  const back = useBackToThing();
  const { saved, markSaved } = useNavigateAfterSave(THING_MESSAGES.accessSaved);
  const update = useUpdateThingAssociations();
  const [rows, setRows] = useState<AccessFormRow[]>(() => accessFormRows(thing));
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const input = updateAssociationsInput(thing, rows);
  const known = useMemo(
    () => [profile.userOrg, ...profile.managedOrgs, ...profile.accessedOrgs],
    [profile.userOrg, profile.managedOrgs, profile.accessedOrgs],
  );
  const addable = addableOrganizations(known, thing, rows).map((org) => ({ value: org.id, label: org.name }));

  const choose = (organizationId: string, relationship: RelationshipChoice) =>
    setRows((current) =>
      current.map((row) => (row.organizationId === organizationId ? { ...row, relationship } : row)),
    );
  const add = (organizationId: string | null) => {
    const org = known.find((o) => o.id === organizationId);
    if (!org) return;
    setRows((current) => [
      ...current,
      { organizationId: org.id, organizationName: org.name, relationship: 'accessor' },
    ]);
  };

  const save = async () => {
    if (!input || update.isPending || saved) return;
    setConfirming(false);
    setServerError(null);
    try {
      await update.mutateAsync({ thingId: thing.id, input });
      markSaved();
    } catch (error) {
      setServerError(thingErrorMessage(error));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (input && removesLastSharedOrganization(thing, rows)) setConfirming(true);
    else void save();
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          <Text span fw={600}>
            Owner:
          </Text>{' '}
          {thing.organization.name}
        </Text>
        {rows.length === 0 && (
          <Text size="sm" c="gray.7">
            No other organization has access to this asset.
          </Text>
        )}
        {rows.map((row) => (
          <Radio.Group
            key={row.organizationId}
            label={row.organizationName}
            value={row.relationship}
            onChange={(value) => choose(row.organizationId, value)}
          >
            <Group gap="md" mt={4}>
              {RELATIONSHIP_CHOICES.map((choice) => (
                <Radio key={choice} value={choice} label={RELATIONSHIP_CHOICE_LABELS[choice]} />
              ))}
            </Group>
          </Radio.Group>
        ))}
        <Select
          label="Add organization"
          placeholder={addable.length > 0 ? 'Choose an organization' : 'No other organizations'}
          data={addable}
          value={null}
          onChange={add}
          disabled={addable.length === 0}
        />
        <ServerErrorLine message={serverError} />
        <FormActions canSave={input !== null && !saved} submitting={update.isPending} onCancel={back} />
      </Stack>
      <RemoveAllAccessDialog
        opened={confirming}
        assetName={primaryDisplayName(thing)}
        ownerName={thing.organization.name}
        removed={removedOrganizations(thing, rows, known)}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save()}
      />
    </form>
  );
}
