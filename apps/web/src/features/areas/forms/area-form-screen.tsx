/**
 * Add an area (areas/new) or edit one (areas/{id}/edit): the name, description and type, the address,
 * and the shape drawn on the map: an exclusion's polygon or a point of interest (legacy circles keep
 * their circle until a shape is drawn instead). A new area starts as an exclusion at the map's centre.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, List, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { polygonOf, ringPoints } from '@flare/core/areas/area-geometry';
import { mayAddArea, mayEditArea } from '@flare/core/permissions/area-access';
import {
  AREA_DESCRIPTION_MAX,
  AREA_MESSAGES,
  AREA_NAME_MAX,
  AreaFormSchema,
  areaSaveErrorMessage,
  areaShapeOf,
  type Area,
  type AreaFormInput,
  type AreaFormValues,
  type AreaInput,
} from '@flare/core/schemas/area';
import type { Profile } from '@flare/core/schemas/profile';
import { countOf } from '@flare/core/text';
import { ControlledSelect } from '../../../components/ui/controlled-select';
import { CountedTextInput } from '../../../components/ui/counted-text-input';
import { FormActions, ServerErrorLine } from '../../../components/ui/form-layout';
import { PanelLoading } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { centreMap } from '../../../map/map-commands';
import { useArea } from '../api/get-areas';
import { useEzTypes } from '../api/get-ez-types';
import { useSaveArea } from '../api/save-area';
import { callerOf } from '../../../lib/caller';
import { subscribedOrganizationOf } from '../../../lib/subscribed-organization';
import { AddressFields } from '../../../components/ui/address-fields';
import { areaDraft, useAreaDraft, type AreaDraft, type DraftShape } from './area-draft';
import { CoordinateSearch } from './coordinate-search';
import { Authorization, EditRoute } from '../../../components/ui/authorization';
import { DrawingFormScreen } from '../../../components/ui/drawing-form-screen';

export function NewAreaScreen() {
  // A new area is added to the organisation on show (api-client's scoped create).
  return (
    <Authorization
      allowed={(profile) =>
        mayAddArea(callerOf(profile), { organizationId: subscribedOrganizationOf(profile).id, avType: false })
      }
    >
      {(profile) => <AreaForm profile={profile} area={null} />}
    </Authorization>
  );
}

export function EditAreaScreen() {
  const { areaId = '' } = useParams();
  const { area, data } = useArea(areaId);
  return (
    <EditRoute
      title="Edit Area"
      loadingLabel="Loading area"
      notFound={AREA_MESSAGES.notFound}
      item={area}
      loaded={!!data}
      allowed={(profile, found) =>
        mayEditArea(callerOf(profile), {
          organizationId: found.organization_id,
          avType: found.ez_type.is_av_type,
        })
      }
    >
      {(profile, found) => <AreaForm key={found.id} profile={profile} area={found} />}
    </EditRoute>
  );
}

function draftOf(area: Area | null): Omit<AreaDraft, 'revision'> {
  if (!area) return { shape: 'polygon', position: null, ring: [], radiusMiles: 0 };
  const shape: DraftShape = area.point_geom ? 'poi' : area.area_geom ? 'polygon' : 'legacy';
  return {
    shape,
    position: { lat: area.lat, lng: area.lng },
    ring: area.area_geom ? ringPoints(area.area_geom) : [],
    radiusMiles: area.radius_dist,
  };
}

function formOf(area: Area | null, profile: Profile): AreaFormInput {
  return {
    name: area?.name ?? '',
    desc: area?.desc ?? '',
    ez_type_id: area?.ez_type.id ?? '',
    address1: area?.address1 ?? '',
    address2: area?.address2 ?? '',
    city: area?.city ?? '',
    state: area?.state ?? '',
    postal_code: area?.postal_code ?? '',
    country_code: area?.country_code ?? profile.userOrg.country_code ?? 'US',
  };
}

function AreaForm({ profile, area }: { profile: Profile; area: Area | null }) {
  const navigate = useNavigate();
  const types = useEzTypes();
  const save = useSaveArea();
  const draft = useAreaDraft();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<AreaFormInput, unknown, AreaFormValues>({
    resolver: zodResolver(AreaFormSchema),
    defaultValues: formOf(area, profile),
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const submitFailed = formState.submitCount > 0 && !formState.isSubmitSuccessful;
  const caller = callerOf(profile);
  // A new area is added to the organisation on show (api-client's scoped create).
  const organizationId = area?.organization_id ?? subscribedOrganizationOf(profile).id;
  const allowed = (avType: boolean) =>
    area ? mayEditArea(caller, { organizationId, avType }) : mayAddArea(caller, { organizationId, avType });

  // The draft (and the drawing on the map) lives as long as this screen.
  useEffect(() => {
    areaDraft.begin(draftOf(area));
    if (area) centreMap([area.lng, area.lat]);
    return () => areaDraft.end();
  }, [area]);

  if (!types.data || !draft) return <PanelLoading label="Loading" />;
  const typeOptions = types.data
    .filter((type) => allowed(type.is_av_type))
    .map((type) => ({ value: type.id, label: type.display_name }));

  const submit = async (values: AreaFormValues) => {
    setProblem(null);
    const input: AreaInput = {
      ...values,
      lat: draft.position?.lat ?? null,
      lng: draft.position?.lng ?? null,
      is_poi: draft.shape === 'poi',
      area_geom: draft.shape === 'polygon' && draft.ring.length > 0 ? polygonOf(draft.ring) : null,
      radius_dist: draft.shape === 'legacy' ? draft.radiusMiles : 0,
    };
    const shapeProblem = draft.position ? areaShapeOf(input).problem : AREA_MESSAGES.positionRequired;
    if (shapeProblem) {
      setProblem(shapeProblem);
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: area?.id ?? null, input });
      void navigate(`/dashboard/areas/${saved.id}`);
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? areaSaveErrorMessage(error.status, error.message)
          : AREA_MESSAGES.unableToSave,
      );
    }
  };

  return (
    <DrawingFormScreen
      title={area ? 'Edit Area' : 'Add Area'}
      subtitle={area?.name}
      status={
        <Text size="sm" c="gray.7">
          Draw the area on the map.
        </Text>
      }
      instructions={{
        title: 'Drawing an area',
        pref: 'areaInstructionsDismissed',
        steps: (
          <>
            <List.Item>
              Outline: click on the map for each corner; click the first corner again (or press Enter) to
              close the shape.
            </List.Item>
            <List.Item>
              Drag a corner to move it; Redraw starts again. Keep it under 0.5 square miles.
            </List.Item>
            <List.Item>
              Circle: click its centre, then its edge; it is saved as an exclusion tracing the circle.
            </List.Item>
            <List.Item>
              Point of Interest: click on the map where it is, or type its &quot;lat, lng&quot;.
            </List.Item>
            <List.Item>Fill in the name, type and address, then Save.</List.Item>
          </>
        ),
      }}
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <Stack gap="sm">
          {draft.shape === 'legacy' ? (
            <Alert color="gray" py="xs">
              A circle of {draft.radiusMiles} mi around its centre.{' '}
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => areaDraft.change({ shape: 'polygon', ring: [] })}
              >
                Draw a shape instead
              </Button>
            </Alert>
          ) : (
            <Group justify="space-between">
              <SegmentedControl
                aria-label="Shape"
                value={draft.shape}
                onChange={(shape) => areaDraft.change({ shape: shape })}
                // "Outline", not the spec's internal "exclusion": any type of area (a station too) is drawn so.
                data={[
                  { value: 'polygon', label: 'Outline' },
                  { value: 'circle', label: 'Circle' },
                  { value: 'poi', label: 'Point of Interest' },
                ]}
              />
              {draft.shape === 'polygon' && (
                <Button variant="default" size="xs" onClick={() => areaDraft.change({ ring: [] })}>
                  Redraw
                </Button>
              )}
            </Group>
          )}
          <Text size="sm" aria-live="polite">
            {draft.shape === 'circle'
              ? 'Click the centre, then the edge'
              : draft.shape === 'polygon'
                ? `${countOf(draft.ring.length, 'point')} drawn`
                : draft.position
                  ? `At ${draft.position.lat.toFixed(6)}, ${draft.position.lng.toFixed(6)}`
                  : 'No position yet'}
          </Text>
          <CoordinateSearch
            onFound={(position) =>
              draft.shape === 'poi' ? areaDraft.change({ position }) : centreMap([position.lng, position.lat])
            }
          />
          <CountedTextInput
            control={control}
            name="name"
            label="Name"
            withAsterisk
            max={AREA_NAME_MAX}
            submitFailed={submitFailed}
          />
          <CountedTextInput
            control={control}
            name="desc"
            label="Description"
            max={AREA_DESCRIPTION_MAX}
            submitFailed={submitFailed}
          />
          <ControlledSelect
            control={control}
            name="ez_type_id"
            label="Area Type"
            withAsterisk
            data={typeOptions}
            submitFailed={submitFailed}
          />
          <AddressFields control={control} setValue={form.setValue} submitFailed={submitFailed} />
          <FormActions
            canSave={!formState.isSubmitting}
            submitting={formState.isSubmitting}
            onCancel={() => void navigate(area ? `/dashboard/areas/${area.id}` : '/dashboard/areas')}
          />
          <ServerErrorLine message={problem} />
        </Stack>
      </form>
    </DrawingFormScreen>
  );
}
