/** The alerts that concern this vehicle, from the server, as it moves (vehicle-alerts-socket.ts). */
import { useEffect, useRef, useState } from 'react';
import type { VehiclePosition } from '@flare/core/alerts/alert-relevance';
import { ALERT_MESSAGES, type Alert } from '@flare/core/schemas/alert';
import { ApiError, apiFetch } from '../../lib/api-client';
import { getSession } from '../../lib/session';
import { socketUrl } from '../../lib/socket-url';
import {
  openVehicleAlerts,
  VEHICLE_ALERTS_PATH,
  type DriveConnectionStatus,
  type VehicleAlerts,
} from './vehicle-alerts-socket';

export interface VehicleAlertsState {
  alerts: Alert[];
  status: DriveConnectionStatus;
  /** Why the server will not say (the key revoked, the session ended, no permission). */
  refusal: string | null;
}

/**
 * Why the alerts may not be read with this page's credential (a key revoked or mistyped: the server's
 * words; not allowed: ours, for a driver), or null when they may.
 */
async function whyRefused(apiKey: string | null): Promise<string | null> {
  try {
    await apiFetch('/alerts?bbox=0,0,0,0');
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) return null;
    if (error.status === 403)
      return apiKey ? ALERT_MESSAGES.driveLinkNotAllowed : ALERT_MESSAGES.driveAccountNotAllowed;
    return error.status === 401 ? error.message : null;
  }
}

export function useVehicleAlerts(
  apiKey: string | null,
  position: VehiclePosition | null,
): VehicleAlertsState {
  const [state, setState] = useState<VehicleAlertsState>({ alerts: [], status: 'connecting', refusal: null });
  const connection = useRef<VehicleAlerts | null>(null);

  useEffect(() => {
    const opened = openVehicleAlerts({
      url: socketUrl(VEHICLE_ALERTS_PATH),
      credential: () => apiKey ?? getSession()?.token ?? null,
      onAlerts: (alerts) => setState((last) => ({ ...last, alerts })),
      onStatus: (status, refusal) => setState((last) => ({ ...last, status, refusal: refusal ?? null })),
      whyRefused: () => whyRefused(apiKey),
    });
    connection.current = opened;
    return () => {
      opened.close();
      connection.current = null;
    };
  }, [apiKey]);

  useEffect(() => {
    if (position) connection.current?.move(position);
  }, [position]);

  return state;
}
