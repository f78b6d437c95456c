/**
 * "Report hazard" in the map's right-click menu, for users who may report hazards: it opens the
 * Report hazard form for the clicked point.
 */
import { Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { can } from '@flare/core/permissions/access';
import { useSession } from '../../../lib/session';
import { addPointAction } from '../../../map/controls/point-actions';
import type { LngLat } from '../../../map/map-commands';
import { ReportHazardForm } from './report-hazard-form';

export function ReportHazardAction() {
  const profile = useSession()?.profile;
  const allowed = profile ? can(profile.permissions, 'reportHazard') : false;
  const [position, setPosition] = useState<LngLat | null>(null);

  useEffect(
    () =>
      allowed ? addPointAction({ id: 'report-hazard', label: 'Report hazard', run: setPosition }) : undefined,
    [allowed],
  );

  return (
    <Modal
      opened={position !== null}
      onClose={() => setPosition(null)}
      title="Report hazard"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {position && <ReportHazardForm position={position} onClose={() => setPosition(null)} />}
    </Modal>
  );
}
