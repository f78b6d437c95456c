/**
 * The organisations list: the signed-in user's organisation, those it manages or accesses (every
 * one for platform administrators) with type, responders and address. A search (250 ms after the
 * last key) shows above 5 organisations.
 */
import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Cell, StackedTable } from '../../../components/ui/stacked-table';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ORGANIZATION_SEARCH_ABOVE, organizationListTitle } from '@flare/core/accounts/organization-switch';
import { USER_SEARCH_DEBOUNCE_MS } from '@flare/core/constants';
import { RESPONDERS_LABELS } from '@flare/core/labels';
import { organizationErrorMessage } from '@flare/core/organizations/organization-rules';
import { can } from '@flare/core/permissions/access';
import type { Organization, OrganizationRelationship } from '@flare/core/schemas/organization';
import { ServerErrorLine } from '../../../components/ui/form-layout';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { useOrganizations } from '../api/get-organizations';
import { organizationsPathOf } from '../organizations-path';
import { filterOrganizations } from './filter-organizations';
import { Authorization } from '../../../components/ui/authorization';

const RELATIONSHIP_LABELS: Record<OrganizationRelationship, string> = {
  own: 'Your organization',
  managed: 'Managed',
  accessed: 'Accessed',
  other: '',
};

export function OrganizationsListScreen() {
  return (
    <Authorization access="viewOrganizations">
      {(profile) => <OrganizationsList canCreate={can(profile.permissions, 'createOrganization')} />}
    </Authorization>
  );
}

function addressOf(org: Organization): string {
  return [org.address1, org.city, [org.state, org.postal_code].filter(Boolean).join(' '), org.country_code]
    .filter(Boolean)
    .join(', ');
}

function OrganizationsList({ canCreate }: { canCreate: boolean }) {
  const listPath = organizationsPathOf(useLocation().pathname);
  const organizations = useOrganizations();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, USER_SEARCH_DEBOUNCE_MS);
  const all = organizations.data ?? [];
  const shown = useMemo(
    () => filterOrganizations(organizations.data ?? [], debounced),
    [organizations.data, debounced],
  );

  return (
    <Stack gap="md" p="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          {organizationListTitle(shown.length, all.length)}
        </Title>
        {canCreate && (
          <Button component={Link} to={`${listPath}/new`}>
            New organization
          </Button>
        )}
      </Group>
      {all.length > ORGANIZATION_SEARCH_ABOVE && (
        <TextInput
          aria-label="Search organizations"
          placeholder="Search for an organization..."
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      {organizations.error ? (
        <ServerErrorLine
          message={
            organizations.error instanceof ApiError
              ? organizationErrorMessage(organizations.error.status, organizations.error.message)
              : null
          }
        />
      ) : !organizations.data ? (
        <LoadingIndicator label="Loading organizations" />
      ) : (
        <StackedTable striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Responders</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Relationship</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((org) => (
              <Table.Tr key={org.id}>
                <Cell label="Name">
                  {org.editable ? (
                    <Anchor component={Link} to={`${listPath}/${org.id}/edit`}>
                      {org.name}
                    </Anchor>
                  ) : (
                    org.name
                  )}
                </Cell>
                <Cell label="Type">{org.organization_type.display_name}</Cell>
                <Cell label="Responders">{RESPONDERS_LABELS[org.responders_type]}</Cell>
                <Cell label="Address">{addressOf(org)}</Cell>
                <Cell label="Relationship">{RELATIONSHIP_LABELS[org.relationship]}</Cell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
      {organizations.data && shown.length === 0 && (
        <Text c="gray.7" size="sm">
          No organizations found.
        </Text>
      )}
    </Stack>
  );
}
