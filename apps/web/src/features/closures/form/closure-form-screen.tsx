/**
 * Add a closure (closures/new) or edit one (closures/{id}/edit): manual or automated (with its asset),
 * the description and alert message, direction and lanes, active now (until an end) or scheduled (a
 * start and an end), the work-zone publishing fields, and the route drawn on the map point by point,
 * with the driving route through its points when the directions service finds one (else the straight
 * segments are saved). Core's rules check the payload before it is sent; the server checks them again.
 */
import {
  Button,
  Group,
  List,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { assetHasActiveClosure, WZDX_PUBLISHING_NEEDS } from '@flare/core/closures/closure-rules';
import { mayAddClosure, mayEditClosure } from '@flare/core/permissions/closure-access';
import {
  CLOSURE_ALERT_MESSAGE_MAX,
  CLOSURE_DESCRIPTION_MAX,
  CLOSURE_MESSAGES,
  closureSaveErrorMessage,
  DIRECTIONS,
  LOCATION_METHODS,
  ROAD_NAME_MAX,
  ROAD_NAMES_MAX,
  VEHICLE_IMPACTS,
  WZDX_ID_MAX,
  type Closure,
  type ClosureInput,
} from '@flare/core/schemas/closure';
import type { Profile } from '@flare/core/schemas/profile';
import { CountedTextInput } from '../../../components/ui/counted-text-input';
import { FormActions, ServerErrorLine } from '../../../components/ui/form-layout';
import { PanelLoading } from '../../../components/ui/loading-indicator';
import { ApiError } from '../../../lib/api-client';
import { callerOf } from '../../../lib/caller';
import { subscribedOrganizationOf } from '../../../lib/subscribed-organization';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { fitMap } from '../../../map/map-commands';
import { useClosureAssets } from '../api/get-closure-assets';
import { useClosure, useClosures } from '../api/get-closures';
import { useDirections } from '../api/get-directions';
import { useSaveClosure } from '../api/save-closure';
import { closureDraft, useClosureDraft } from '../closure-draft';
import { CLOSURE_ROUTE_COLOUR, CLOSURES_PATH } from '../closure-look';
import { ZonedTimeInput } from '../../../components/ui/zoned-time-input';
import { visibleError } from '../../../lib/field-error';
import {
  closureFormValues,
  closureResolver,
  closureTiming,
  type ClosureFormContext,
  type ClosureFormValues,
} from './closure-form-values';
import { Authorization, EditRoute } from '../../../components/ui/authorization';
import { DrawingFormScreen } from '../../../components/ui/drawing-form-screen';

/** After a save the screen goes to the closure after this long (the list refreshes meanwhile). */
const NAVIGATE_AFTER_SAVE_MS = 150;

export function NewClosureScreen() {
  const device = useIsMobile() ? 'mobile' : 'desktop';
  return (
    <Authorization
      allowed={(profile) => mayAddClosure(callerOf(profile), subscribedOrganizationOf(profile).id, device)}
    >
      {(profile) => <ClosureForm profile={profile} closure={null} />}
    </Authorization>
  );
}

export function EditClosureScreen() {
  const { closureId = '' } = useParams();
  const { closure, loaded } = useClosure(closureId);
  const device = useIsMobile() ? 'mobile' : 'desktop';
  return (
    <EditRoute
      title="Edit Closure"
      loadingLabel="Loading closure"
      notFound={CLOSURE_MESSAGES.notFound}
      item={closure}
      loaded={loaded}
      allowed={(profile, found) =>
        mayEditClosure(
          callerOf(profile),
          { organizationId: found.organization.id, closureType: found.closure_type },
          device,
        )
      }
    >
      {(profile, found) => <ClosureForm key={found.id} profile={profile} closure={found} />}
    </EditRoute>
  );
}

function ClosureForm({ profile, closure }: { profile: Profile; closure: Closure | null }) {
  const navigate = useNavigate();
  const save = useSaveClosure();
  const closures = useClosures();
  const assets = useClosureAssets();
  const draft = useClosureDraft();
  const directions = useDirections(draft?.line ?? []);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const wzdxOrganization = profile.userOrg.is_wzdx_org;
  const form = useForm<ClosureFormValues, ClosureFormContext, ClosureInput>({
    resolver: closureResolver,
    context: { line: draft?.line ?? [], routePath: directions.routePath, wzdxOrganization },
    defaultValues: closureFormValues(closure, wzdxOrganization),
    mode: 'onTouched',
  });
  const { control, formState } = form;
  // Every field has its default, so what is watched is whole.
  const values = useWatch({ control }) as ClosureFormValues;
  const submitFailed = formState.submitCount > 0 && !formState.isSubmitSuccessful;
  /** Fields other than the text inputs change here, checked again once a submit has failed. */
  const set = (patch: Partial<ClosureFormValues>) => {
    for (const [name, value] of Object.entries(patch) as Array<[keyof ClosureFormValues, never]>)
      form.setValue(name, value, { shouldDirty: true, shouldTouch: true, shouldValidate: submitFailed });
  };
  const errorOf = (name: keyof ClosureFormValues) =>
    visibleError(formState.errors[name] as FieldError | undefined, {
      touched: Boolean(formState.touchedFields[name]),
      dirty: Boolean(formState.dirtyFields[name]),
      submitFailed,
    });
  // The draft (and the drawing on the map) lives as long as this screen.
  useEffect(() => {
    const line = closure?.user_route.coordinates ?? [];
    closureDraft.begin({ line });
    if (closure) fitMap(closure.route_path.coordinates);
    return () => closureDraft.end();
  }, [closure]);

  if (!draft) return <PanelLoading label="Loading" />;

  const linkedClosures =
    values.thing_id &&
    (closures.data?.data ?? []).filter(
      (other) => other.thing_id === values.thing_id && other.id !== closure?.id,
    ).length + 1;

  const submit = async (input: ClosureInput) => {
    try {
      const saved = await save.mutateAsync({ id: closure?.id ?? null, input });
      setTimeout(() => void navigate(`${CLOSURES_PATH}/${saved.id}`), NAVIGATE_AFTER_SAVE_MS);
    } catch (error) {
      setSaveProblem(
        error instanceof ApiError
          ? closureSaveErrorMessage(error.status, error.message)
          : CLOSURE_MESSAGES.unableToSave,
      );
    }
  };
  const timing = (mode: 'active' | 'scheduled' | null) => closureTiming(values, mode, Date.now());

  return (
    <DrawingFormScreen
      title={closure ? 'Edit Closure' : 'Create Closure'}
      subtitle={closure?.description}
      status={
        <Text size="sm" aria-live="polite">
          {draft.line.length} route points
        </Text>
      }
      tools={
        <Button variant="default" size="xs" onClick={() => closureDraft.change({ line: [] })}>
          Redraw
        </Button>
      }
      instructions={{
        title: 'Drawing a closure',
        pref: 'closureInstructionsDismissed',
        steps: (
          <>
            <List.Item>Zoom in to at least 15.5 (the map goes there for a new closure).</List.Item>
            <List.Item>
              Click on the map at the start of the closure, then along the road to its end.
            </List.Item>
            <List.Item>
              Click the last point again (or press Enter) to finish; drag points to move them.
            </List.Item>
            <List.Item>Fill in the description and times, then Save.</List.Item>
          </>
        ),
      }}
    >
      <Stack gap={4}>
        <Text size="sm" aria-live="polite" c={directions.routePath ? CLOSURE_ROUTE_COLOUR : undefined}>
          {directions.finding
            ? CLOSURE_MESSAGES.findingRoute
            : directions.routePath && 'The route follows the roads'}
        </Text>
        <ServerErrorLine message={directions.problem} />
      </Stack>
      <form
        noValidate
        onSubmit={(event) => {
          setSaveProblem(null);
          void form.handleSubmit(submit)(event);
        }}
      >
        <Stack gap="sm">
          {!closure && (
            <SegmentedControl
              aria-label="Closure type"
              value={values.closure_type}
              onChange={(type) => set({ closure_type: type })}
              data={[
                { value: 'manual', label: 'Manual' },
                { value: 'automated', label: 'Automated' },
              ]}
            />
          )}
          {values.closure_type === 'automated' && (
            <Stack gap={4}>
              <Select
                label="Asset"
                withAsterisk
                error={errorOf('thing_id')}
                searchable
                data={assets.data ?? []}
                value={values.thing_id}
                onChange={(thing_id) => {
                  // Active like the asset's other closures when one of them is active.
                  const active =
                    !!thing_id &&
                    assetHasActiveClosure(closures.data?.data ?? [], thing_id, closure?.id ?? null);
                  set({ thing_id, ...(active ? timing('active') : { is_active: false }) });
                }}
                nothingFoundMessage="No Assets Available"
              />
              {linkedClosures && (
                <Text size="sm">NOTE: This Asset is now associated to {linkedClosures} closures</Text>
              )}
            </Stack>
          )}
          <CountedTextInput
            control={control}
            name="description"
            label="Description"
            withAsterisk
            max={CLOSURE_DESCRIPTION_MAX}
            submitFailed={submitFailed}
          />
          <CountedTextInput
            control={control}
            name="alert_message"
            label="Alert Message"
            max={CLOSURE_ALERT_MESSAGE_MAX}
            submitFailed={submitFailed}
          />
          <TagsInput
            label="Road names"
            description="The roads it closes, each followed by Enter; left empty, the streets found at its ends"
            withAsterisk={values.is_publish_on}
            maxTags={ROAD_NAMES_MAX}
            maxLength={ROAD_NAME_MAX}
            value={values.road_names}
            onChange={(road_names) => set({ road_names })}
            error={errorOf('road_names')}
          />
          <Group grow align="flex-start">
            <Select
              label="Direction"
              withAsterisk={wzdxOrganization}
              error={errorOf('direction')}
              clearable
              data={[...DIRECTIONS]}
              value={values.direction || null}
              onChange={(direction) => set({ direction: direction ?? '' })}
            />
            <MultiSelect
              label="Impacted lanes"
              data={Array.from({ length: 9 }, (_, i) => String(i + 1))}
              value={values.impacted_lanes.map(String)}
              onChange={(lanes) => set({ impacted_lanes: lanes.map(Number) })}
            />
          </Group>
          <Switch
            label="In service"
            checked={values.is_in_service}
            onChange={(event) => set({ is_in_service: event.currentTarget.checked })}
          />
          <Switch
            label="Active"
            checked={values.is_active}
            onChange={(event) => set(timing(event.currentTarget.checked ? 'active' : null))}
          />
          <Switch
            label="Scheduled"
            error={errorOf('is_scheduled')}
            checked={values.is_scheduled}
            onChange={(event) => set(timing(event.currentTarget.checked ? 'scheduled' : null))}
          />
          {(values.is_active || values.is_scheduled) && (
            <ZonedTimeInput
              label="Start"
              description={values.is_active ? 'Now, or earlier if it began before' : undefined}
              error={errorOf('start')}
              value={values.start}
              onChange={(event) => set({ start: event.currentTarget.value })}
            />
          )}
          {(values.is_active || values.is_scheduled) && (
            <ZonedTimeInput
              label="End"
              error={errorOf('end')}
              value={values.end}
              onChange={(event) => set({ end: event.currentTarget.value })}
            />
          )}
          <Switch
            label="Publish as work-zone data (WZDx)"
            description={WZDX_PUBLISHING_NEEDS}
            checked={values.is_publish_on}
            onChange={(event) => set({ is_publish_on: event.currentTarget.checked })}
          />
          {values.is_publish_on && (
            <>
              <TextInput
                label="Work-zone ID"
                withAsterisk
                error={errorOf('external_id')}
                maxLength={WZDX_ID_MAX}
                value={values.external_id}
                onChange={(event) => set({ external_id: event.currentTarget.value })}
              />
              <Select
                label="Location method"
                withAsterisk
                error={errorOf('location_method')}
                data={Object.entries(LOCATION_METHODS).map(([value, label]) => ({ value, label }))}
                value={values.location_method || null}
                onChange={(value) =>
                  set({ location_method: (value ?? '') as ClosureFormValues['location_method'] })
                }
              />
              <Select
                label="Vehicle impact"
                withAsterisk
                error={errorOf('vehicle_impact')}
                data={Object.entries(VEHICLE_IMPACTS).map(([value, label]) => ({ value, label }))}
                value={values.vehicle_impact || null}
                onChange={(value) =>
                  set({ vehicle_impact: (value ?? '') as ClosureFormValues['vehicle_impact'] })
                }
              />
              <TextInput
                label="Group ID"
                value={values.group_id}
                onChange={(event) => set({ group_id: event.currentTarget.value })}
              />
            </>
          )}
          <FormActions
            canSave={!formState.isSubmitting && !directions.finding}
            submitting={formState.isSubmitting || save.isPending}
            onCancel={() => void navigate(closure ? `${CLOSURES_PATH}/${closure.id}` : CLOSURES_PATH)}
          />
          <ServerErrorLine
            message={saveProblem ?? (submitFailed ? (formState.errors.root?.message ?? null) : null)}
          />
        </Stack>
      </form>
    </DrawingFormScreen>
  );
}
