/**
 * Organization Access: the owner, managers and accessors, with the link to edit them, or to add an
 * organisation when the asset is shared with none.
 */
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Thing } from '@flare/core/schemas/thing';
import { DetailField } from '../../../components/ui/detail-field';

export function ThingAccessSection({ thing, canEdit }: { thing: Thing; canEdit: boolean }) {
  const names = (type: 'manager' | 'accessor') =>
    thing.organization_relationships
      .filter((r) => r.relationship_type === type)
      .map((r) => r.organization_name);
  const managers = names('manager');
  const accessors = names('accessor');
  const list = (values: string[]) => (values.length ? values.map((v) => <div key={v}>{v}</div>) : '—');
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Title order={2} size="h5">
          Organization Access
        </Title>
        {/* Shared with none (the last one removed, say), the same editor adds one. */}
        {canEdit && (
          <Anchor component={Link} to="edit/associations" size="sm">
            {thing.organization_relationships.length > 0 ? 'Edit access' : 'Add organization'}
          </Anchor>
        )}
      </Group>
      <DetailField label="Owner">{thing.organization.name}</DetailField>
      <DetailField label="Managers">{list(managers)}</DetailField>
      <DetailField label="Accessors">{list(accessors)}</DetailField>
    </Stack>
  );
}
