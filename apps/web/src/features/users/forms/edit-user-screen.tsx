/**
 * Edit a user of the organisation: names, email and role; suspend or re-activate (a suspended user's
 * sessions end at once); delete after a confirmation. Nobody suspends, deletes or re-roles themself.
 */
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { can } from '@flare/core/permissions/access';
import type { Profile } from '@flare/core/schemas/profile';
import type { OrganizationUser } from '@flare/core/schemas/user';
import { outranksOrEquals, updateUserErrorMessage, usersErrorMessage } from '@flare/core/users/user-rules';
import { FormScreen, ServerErrorLine, UnauthorizedMessage } from '../../../components/ui/form-layout';
import { PanelLoading } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useDeleteUser } from '../api/delete-user';
import { useOrganizationUsers } from '../api/get-organization-users';
import { useUpdateUser } from '../api/update-user';
import { usersPathOf } from '../users-path';
import { useAccountRoles } from './use-account-roles';
import { UserFormFields } from './user-form';
import { Authorization } from '../../../components/ui/authorization';

const updateError = (error: unknown) =>
  error instanceof ApiError
    ? updateUserErrorMessage(error.status, error.message)
    : MESSAGES.userFormSubmitFailed;

export function EditUserScreen() {
  return <Authorization access="updateUser">{(profile) => <EditUser profile={profile} />}</Authorization>;
}

function EditUser({ profile }: { profile: Profile }) {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const usersPath = usersPathOf(useLocation().pathname);
  const toList = () => void navigate(usersPath);
  const users = useOrganizationUsers();
  const roles = useAccountRoles(profile);
  const updateUser = useUpdateUser();
  const user = users.data?.users.find((u) => u.id === userId);

  if (users.error) {
    return (
      <FormScreen title="Edit User">
        <ServerErrorLine
          message={users.error instanceof ApiError ? usersErrorMessage(users.error.status) : null}
        />
      </FormScreen>
    );
  }
  if (!users.data || !roles.loaded) {
    return <PanelLoading label="Loading user" />;
  }
  if (!user) {
    return (
      <FormScreen title="Edit User">
        <ServerErrorLine message={MESSAGES.selectedUserNotFound} />
      </FormScreen>
    );
  }
  const self = user.id === profile.id;
  const targetOrder = roles.all.find((r) => r.id === user.roleId)?.order ?? Infinity;
  if (!self && !outranksOrEquals(roles.myOrder, targetOrder)) return <UnauthorizedMessage />;
  return (
    <FormScreen title="Edit User" subtitle={user.email}>
      <UserFormFields
        key={user.id}
        defaultValues={{
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          roleId: user.roleId,
        }}
        // One's own role is shown but fixed; it may be one the list of assignable roles lacks.
        roles={self ? roles.all : roles.assignable}
        roleLocked={self}
        onCancel={toList}
        onSubmit={async (values) => {
          try {
            await updateUser.mutateAsync({
              userId: user.id,
              input: {
                firstname: values.firstName,
                lastname: values.lastName,
                email: values.email,
                ...(self ? {} : { role_id: values.roleId }),
              },
            });
            toList();
            return null;
          } catch (error) {
            return updateError(error);
          }
        }}
      />
      {!self && <UserStanding user={user} onDeleted={toList} />}
    </FormScreen>
  );
}

/** Suspend or re-activate, and delete: each acts at once (delete after a confirmation). */
function UserStanding({ user, onDeleted }: { user: OrganizationUser; onDeleted: () => void }) {
  const profile = useSession()?.profile;
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canDelete = profile ? can(profile.permissions, 'deleteUser') : false;

  const setSuspended = async (suspended: boolean) => {
    setError(null);
    try {
      await updateUser.mutateAsync({
        userId: user.id,
        input: { firstname: user.firstName, lastname: user.lastName, suspended },
      });
    } catch (failure) {
      setError(updateError(failure));
    }
  };
  const remove = async () => {
    setError(null);
    try {
      await deleteUser.mutateAsync(user.id);
      setConfirming(false);
      onDeleted();
    } catch (failure) {
      setConfirming(false);
      setError(failure instanceof ApiError ? usersErrorMessage(failure.status) : MESSAGES.unknownFailure);
    }
  };

  return (
    <Stack gap="sm" mt="md">
      <Title order={2} size="h5">
        Access
      </Title>
      {user.suspended ? (
        <Alert color="red" py="xs">
          This user is suspended and cannot sign in.
        </Alert>
      ) : (
        <Text size="sm">
          Suspending ends this user's sessions at once; they cannot sign in until re-activated.
        </Text>
      )}
      <Group gap="sm">
        <Button
          variant="outline"
          color={user.suspended ? 'green' : 'red'}
          loading={updateUser.isPending}
          onClick={() => void setSuspended(!user.suspended)}
        >
          {user.suspended ? 'Re-activate user' : 'Suspend user'}
        </Button>
        {canDelete && (
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
            Delete user
          </Button>
        )}
      </Group>
      <ServerErrorLine message={error} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete user">
        <Stack gap="sm">
          <Text size="sm">
            Delete {user.displayName} ({user.email})? Their sessions end and they can no longer sign in. This
            cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={deleteUser.isPending} onClick={() => void remove()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
