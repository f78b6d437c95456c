/**
 * The users list: the organisation's users with role, last sign-in and status,
 * searched 250 ms after the last key; users of managing and accessing organisations below, read-only.
 */
import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Cell, StackedTable } from '../../../components/ui/stacked-table';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { USER_SEARCH_DEBOUNCE_MS } from '@flare/core/constants';
import { can } from '@flare/core/permissions/access';
import type { Profile } from '@flare/core/schemas/profile';
import type { Role } from '@flare/core/schemas/reference';
import type { OrganizationUser } from '@flare/core/schemas/user';
import { outranksOrEquals, usersErrorMessage } from '@flare/core/users/user-rules';
import { ServerErrorLine } from '../../../components/ui/form-layout';
import { LoadingIndicator } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { useOrganizationUsers } from '../api/get-organization-users';
import { useRoles } from '../api/get-roles';
import { usersPathOf } from '../users-path';
import { filterUsers } from './filter-users';
import { formatWhen } from '../../../lib/format-time';
import { Authorization } from '../../../components/ui/authorization';

export function UsersListScreen() {
  return <Authorization access="viewUsers">{(profile) => <UsersList profile={profile} />}</Authorization>;
}

function UsersList({ profile }: { profile: Profile }) {
  const usersPath = usersPathOf(useLocation().pathname);
  const users = useOrganizationUsers();
  const roles = useRoles();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, USER_SEARCH_DEBOUNCE_MS);
  const shown = useMemo(() => filterUsers(users.data?.users ?? [], debounced), [users.data, debounced]);
  const associated = useMemo(
    () => filterUsers(users.data?.associated ?? [], debounced),
    [users.data, debounced],
  );
  const roleOf = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r])), [roles.data]);
  const myOrder = roleOf.get(profile.roleId)?.order ?? 0;
  const editable = (user: OrganizationUser) =>
    can(profile.permissions, 'updateUser') &&
    outranksOrEquals(myOrder, roleOf.get(user.roleId)?.order ?? Infinity);

  return (
    <Stack gap="md" p="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Users
        </Title>
        {can(profile.permissions, 'createUser') && (
          <Button component={Link} to={`${usersPath}/new`}>
            New User
          </Button>
        )}
      </Group>
      <TextInput
        label="Search users"
        placeholder="Search by name or email..."
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {users.error ? (
        <ServerErrorLine
          message={users.error instanceof ApiError ? usersErrorMessage(users.error.status) : null}
        />
      ) : !users.data || !roles.data ? (
        <LoadingIndicator label="Loading users" />
      ) : (
        <>
          <UsersTable
            caption={`${profile.userOrg.name}: ${shown.length} of ${users.data.users.length} users`}
            users={shown}
            roleOf={roleOf}
            editPath={(user) => (editable(user) ? `${usersPath}/${user.id}/edit` : null)}
          />
          {associated.length > 0 && (
            <UsersTable
              caption="Users of managing and accessing organizations"
              users={associated}
              roleOf={roleOf}
              editPath={() => null}
              withAssociation
            />
          )}
        </>
      )}
    </Stack>
  );
}

function statusOf(user: OrganizationUser): { label: string; color: string } {
  // Dark shades: 4.5:1 contrast on white.
  if (user.suspended) return { label: 'Suspended', color: 'red.9' };
  if (user.signInCount === 0) return { label: 'Invited', color: 'gray.8' };
  return { label: 'Active', color: 'dark.9' };
}

function UsersTable({
  caption,
  users,
  roleOf,
  editPath,
  withAssociation = false,
}: {
  caption: string;
  users: OrganizationUser[];
  roleOf: Map<number, Role>;
  editPath: (user: OrganizationUser) => string | null;
  withAssociation?: boolean;
}) {
  return (
    <>
      <StackedTable striped highlightOnHover captionSide="top">
        <Table.Caption c="dark.9">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            {withAssociation && <Table.Th>Association</Table.Th>}
            <Table.Th>Last sign-in</Table.Th>
            <Table.Th>Sign-ins</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const path = editPath(user);
            const status = statusOf(user);
            return (
              <Table.Tr key={user.id}>
                <Cell label="Name">
                  {path ? (
                    <Anchor component={Link} to={path}>
                      {user.displayName}
                    </Anchor>
                  ) : (
                    user.displayName
                  )}
                </Cell>
                <Cell label="Email">{user.email}</Cell>
                <Cell label="Role">{roleOf.get(user.roleId)?.label ?? ''}</Cell>
                {withAssociation && (
                  <Cell label="Association">
                    {user.association} ({user.organizationName})
                  </Cell>
                )}
                <Cell label="Last sign-in">{user.lastSignIn ? formatWhen(user.lastSignIn) : 'Never'}</Cell>
                <Cell label="Sign-ins">{user.signInCount}</Cell>
                <Cell label="Status">
                  <Text component="span" size="sm" fw={600} c={status.color}>
                    {status.label}
                  </Text>
                </Cell>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </StackedTable>
      {users.length === 0 && (
        <Text c="gray.7" size="sm">
          No users found.
        </Text>
      )}
    </>
  );
}
