/**
 * Edit an organisation the signed-in user may change: its name, type, time zone, responders type,
 * contacts and address. Platform administrators may also delete it (never their own), after a
 * confirmation; the server's refusal (e.g. users or assets left) shows in the dialog.
 */
import { useLocation, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@flare/core/messages';
import { can } from '@flare/core/permissions/access';
import type { Organization, OrganizationFormInput } from '@flare/core/schemas/organization';
import { ConfirmDeleteButton } from '../../../components/ui/confirm-delete-dialog';
import { FormScreen, ServerErrorLine } from '../../../components/ui/form-layout';
import { PanelLoading } from '../../../components/ui/loading-indicator';
import { useDeleteOrganization } from '../api/delete-organization';
import { useAssignable } from '../api/get-assignable';
import { useOrganizations } from '../api/get-organizations';
import { useSaveOrganization } from '../api/save-organization';
import { organizationsPathOf } from '../organizations-path';
import { errorOf } from './organization-error';
import { OrganizationForm } from './organization-form';
import { Authorization } from '../../../components/ui/authorization';

function formOf(org: Organization): OrganizationFormInput {
  return {
    name: org.name,
    email: org.email ?? '',
    phone_number: org.phone_number ?? '',
    cell_phone_number: org.cell_phone_number ?? '',
    contact_name: org.contact_name ?? '',
    organization_type_id: org.organization_type.id,
    timezone: org.timezone,
    responders_type: org.responders_type,
    address1: org.address1 ?? '',
    address2: org.address2 ?? '',
    city: org.city ?? '',
    state: org.state ?? '',
    postal_code: org.postal_code ?? '',
    country_code: org.country_code ?? '',
    position: org.position,
  };
}

export function EditOrganizationScreen() {
  return (
    <Authorization access="updateOrganization">
      {({ permissions }) => (
        <EditOrganization
          withResponders={can(permissions, 'setRespondersType')}
          mayDelete={can(permissions, 'deleteOrganization')}
        />
      )}
    </Authorization>
  );
}

function EditOrganization({ withResponders, mayDelete }: { withResponders: boolean; mayDelete: boolean }) {
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const listPath = organizationsPathOf(useLocation().pathname);
  const toList = () => void navigate(listPath);
  const organizations = useOrganizations();
  const assignable = useAssignable();
  const { update } = useSaveOrganization();
  const org = organizations.data?.find((o) => o.id === orgId);
  const error = organizations.error ?? assignable.error;

  if (error) {
    return (
      <FormScreen title="Edit Organization">
        <ServerErrorLine message={errorOf(error)} />
      </FormScreen>
    );
  }
  if (!organizations.data || !assignable.data) {
    return <PanelLoading label="Loading organization" />;
  }
  if (!org?.editable) {
    return (
      <FormScreen title="Edit Organization">
        <ServerErrorLine message={MESSAGES.selectedOrganizationNotFound} />
      </FormScreen>
    );
  }
  const types = assignable.data.organization_types;
  return (
    <FormScreen title="Edit Organization" subtitle={org.name}>
      <OrganizationForm
        key={org.id}
        defaultValues={formOf(org)}
        // The organisation keeps its type even when it is not one the user may give.
        withResponders={withResponders}
        types={
          types.some((t) => t.id === org.organization_type.id) ? types : [org.organization_type, ...types]
        }
        onCancel={toList}
        onSubmit={async ({ admin: _admin, ...input }) => {
          try {
            await update.mutateAsync({ id: org.id, input });
            toList();
            return null;
          } catch (failure) {
            return errorOf(failure);
          }
        }}
      />
      {mayDelete && org.relationship !== 'own' && <DeleteOrganization org={org} onDeleted={toList} />}
    </FormScreen>
  );
}

function DeleteOrganization({ org, onDeleted }: { org: Organization; onDeleted: () => void }) {
  const deletion = useDeleteOrganization();
  return (
    <ConfirmDeleteButton
      title="Delete organization"
      question={`Delete the organization “${org.name}”? This cannot be undone.`}
      pending={deletion.isPending}
      error={deletion.error ? errorOf(deletion.error) : null}
      onDelete={(done) =>
        deletion.mutate(org.id, {
          onSuccess: () => {
            done();
            onDeleted();
          },
        })
      }
      onReset={deletion.reset}
    />
  );
}
