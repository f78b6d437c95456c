/**
 * Edit a user of the organisation: names, email and role; suspend or re-activate (a suspended user's
 * sessions end at once); delete after a confirmation. Nobody suspends, deletes or re-roles themself.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { can } from '@flare/core/permissions/access';
import type { Profile } from '@flare/core/schemas/profile';
import type { OrganizationUser } from '@flare/core/schemas/user';
import { outranksOrEquals, updateUserErrorMessage, usersErrorMessage } from '@flare/core/users/user-rules';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-dialog';
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

type StandingAction = 'suspend' | 'reactivate' | 'delete';

/**
 * Suspend (after a confirmation: the user's sessions end at once), re-activate (at once), and delete
 * (after a confirmation).
 */
function UserStanding({ user, onDeleted }: { user: OrganizationUser; onDeleted: () => void }) {
  const profile = useSession()?.profile;
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  // Each action's failure shows where the action was asked for (its dialog, or under Re-activate).
  const [failure, setFailure] = useState<{ action: StandingAction; message: string } | null>(null);
  const errorOf = (action: StandingAction) => (failure?.action === action ? failure.message : null);
  const canDelete = profile ? can(profile.permissions, 'deleteUser') : false;
  // Suspend and Re-activate replace each other: the one that appears takes the focus.
  const [switched, setSwitched] = useState(false);

  const setSuspended = async (suspended: boolean, done: () => void = () => undefined) => {
    const action = suspended ? 'suspend' : 'reactivate';
    setFailure(null);
    try {
      await updateUser.mutateAsync({
        userId: user.id,
        input: { firstname: user.firstName, lastname: user.lastName, suspended },
      });
      setSwitched(true);
      done();
    } catch (error) {
      setFailure({ action, message: updateError(error) });
    }
  };
  const remove = async (done: () => void) => {
    setFailure(null);
    try {
      await deleteUser.mutateAsync(user.id);
      done();
      onDeleted();
    } catch (error) {
      const message = error instanceof ApiError ? usersErrorMessage(error.status) : MESSAGES.unknownFailure;
      setFailure({ action: 'delete', message });
    }
  };
  const who = `${user.displayName} (${user.email})`;

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
        {user.suspended ? (
          <Button
            variant="outline"
            color="green"
            autoFocus={switched}
            loading={updateUser.isPending}
            onClick={() => void setSuspended(false)}
          >
            Re-activate user
          </Button>
        ) : (
          <ConfirmButton
            label="Suspend user"
            title="Suspend user"
            question={`Suspend ${who}? Their sessions end at once and they cannot sign in until re-activated.`}
            confirmLabel="Suspend"
            color="red"
            variant="outline"
            autoFocus={switched}
            pending={updateUser.isPending}
            error={errorOf('suspend')}
            onConfirm={(done) => void setSuspended(true, done)}
            onReset={() => setFailure(null)}
          />
        )}
        {canDelete && (
          <ConfirmDeleteButton
            title="Delete user"
            question={`Delete ${who}? Their sessions end and they can no longer sign in. This cannot be undone.`}
            pending={deleteUser.isPending}
            error={errorOf('delete')}
            onDelete={(done) => void remove(done)}
            onReset={() => setFailure(null)}
          />
        )}
      </Group>
      <ServerErrorLine message={errorOf('reactivate')} />
    </Stack>
  );
}
