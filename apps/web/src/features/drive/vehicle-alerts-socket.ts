/**
 * The driver view's connection to `/api/alerts/vehicles` (docs/motorist-alerts.md): one vehicle, this
 * device, whose position goes out at each move; it holds the alerts the server says concern the
 * vehicle (`alert.relevant`) until it says they no longer do (`alert.left`). A dropped connection
 * comes back by itself (1 s doubling to 10 s apart, without end: a driver does not reload), and once
 * open hears again what concerns the vehicle, from its last position. The credential travels as a
 * second sub-protocol: browsers cannot set headers on a WebSocket.
 */
import type { VehiclePosition } from '@flare/core/alerts/alert-relevance';
import { VEHICLE_ALERTS_PROTOCOL, type Alert, type VehicleAlertMessage } from '@flare/core/schemas/alert';
import { backoffMs } from '../../live/cable-client';

export const VEHICLE_ALERTS_PATH = '/api/alerts/vehicles';
/** The one vehicle the driver view speaks for. */
export const THIS_VEHICLE = 'this-vehicle';

export type DriveConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'refused';

export interface VehicleAlertsOptions {
  /** The socket's address (socketUrl(VEHICLE_ALERTS_PATH) on the page's server). */
  url: string;
  /** The API key or access token, read at each connection (a session's token is refreshed). */
  credential: () => string | null;
  onAlerts: (alerts: Alert[]) => void;
  onStatus: (status: DriveConnectionStatus, refusal?: string) => void;
  /**
   * Why a connection that never opened was refused (the server answers an upgrade it refuses with
   * a status the browser does not show): the reason to stop trying, or null to try again.
   */
  whyRefused: () => Promise<string | null>;
}

export interface VehicleAlerts {
  move(position: VehiclePosition): void;
  close(): void;
}

export function openVehicleAlerts(options: VehicleAlertsOptions): VehicleAlerts {
  const alerts = new Map<string, Alert>();
  let socket: WebSocket | null = null;
  let position: VehiclePosition | null = null;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const emit = () => options.onAlerts([...alerts.values()]);
  const sendPosition = () => {
    if (socket?.readyState !== WebSocket.OPEN || !position) return;
    socket.send(JSON.stringify({ type: 'positions', vehicles: [{ id: THIS_VEHICLE, ...position }] }));
  };

  function receive(message: VehicleAlertMessage): void {
    if (message.type === 'alert.relevant') alerts.set(message.alert.id, message.alert);
    else if (message.type === 'alert.left') alerts.delete(message.alert_id);
    else return;
    emit();
  }

  function connect(): void {
    const credential = options.credential();
    if (!credential) {
      options.onStatus('refused');
      return;
    }
    let opened = false;
    const ws = new WebSocket(options.url, [VEHICLE_ALERTS_PROTOCOL, credential]);
    socket = ws;
    ws.onopen = () => {
      opened = true;
      attempts = 0;
      // A new connection knows nothing of this vehicle: it says again what concerns it now.
      alerts.clear();
      emit();
      options.onStatus('open');
      sendPosition();
    };
    ws.onmessage = (event: MessageEvent<string>) => {
      try {
        receive(JSON.parse(event.data) as VehicleAlertMessage);
      } catch {
        // Not JSON: nothing this client understands.
      }
    };
    ws.onclose = () => {
      if (closed || socket !== ws) return;
      socket = null;
      if (opened) return retry();
      void options.whyRefused().then((refusal) => {
        if (closed) return;
        if (refusal) options.onStatus('refused', refusal);
        else retry();
      });
    };
  }

  function retry(): void {
    options.onStatus('reconnecting');
    attempts += 1;
    timer = setTimeout(connect, backoffMs(attempts));
  }

  options.onStatus('connecting');
  connect();
  return {
    move(next) {
      position = next;
      sendPosition();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
