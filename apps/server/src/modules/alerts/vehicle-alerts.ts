/**
 * Vehicles' alert connections served by this process (a navigation app for one vehicle, or a
 * platform's gateway for many): each sends where its vehicles are and receives only the alerts that
 * concern each one (core's alerts/alert-relevance.ts), when they start to and when they change, and
 * `alert.left` when they no longer do (passed, out of reach, or ended).
 *
 * Matching uses two R-trees, so neither side is scanned whole: every organisation's active alerts by
 * the box of their reach (a position looks up the alerts around it), and every connected vehicle by
 * its position (an alert's change looks up the vehicles within its reach). The active alerts are those
 * partners hear: loaded at start and followed through `alert.changed` from every process.
 */
import RBush from 'rbush';
import type { WebSocket } from 'ws';
import { alertDistanceFor, type VehiclePosition } from '@flare/core/alerts/alert-relevance';
import type { AlertEvent, AlertsChanged } from '@flare/core/events/alert-events';
import {
  ALERT_MESSAGES,
  VEHICLES_PER_CONNECTION_MAX,
  VehicleMessageSchema,
  type Alert,
  type VehicleAlertMessage,
} from '@flare/core/schemas/alert';
import type { EventBus } from '../../platform/bus/event-bus';
import { socketText } from '../../platform/websockets';
import type { AlertDeliveries, Recipient } from './alert-deliveries';
import type { AlertsRepository } from './alerts.repository';

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}
interface AlertEntry extends Box {
  alert: Alert;
}
interface Vehicle extends Box {
  id: string;
  connection: VehicleConnection;
  position: VehiclePosition;
  /** The alerts that concern it now. */
  concerned: Set<string>;
}

const METRES_PER_DEGREE = 111_320;

/** The box around the alert's geometry that its reach covers (degrees, a little generous). */
function reachBox(alert: Alert): Box {
  const coordinates =
    alert.geometry.type === 'Point'
      ? [alert.geometry.coordinates]
      : alert.geometry.type === 'LineString'
        ? alert.geometry.coordinates
        : alert.geometry.coordinates.flat();
  const lngs = coordinates.map(([lng]) => lng);
  const lats = coordinates.map(([, lat]) => lat);
  const reach = Math.max(alert.reach.ahead_m, alert.reach.around_m);
  const dLat = reach / METRES_PER_DEGREE;
  const widest = Math.max(...lats.map(Math.abs));
  const dLng = reach / (METRES_PER_DEGREE * Math.max(Math.cos((widest * Math.PI) / 180), 0.01));
  return {
    minX: Math.min(...lngs) - dLng,
    minY: Math.min(...lats) - dLat,
    maxX: Math.max(...lngs) + dLng,
    maxY: Math.max(...lats) + dLat,
  };
}

const pointBox = ({ lat, lng }: VehiclePosition): Box => ({ minX: lng, minY: lat, maxX: lng, maxY: lat });

/** Resolves on the event loop's next turn, after the I/O and timers already waiting. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class VehicleConnection {
  readonly vehicles = new Map<string, Vehicle>();
  private work: Promise<void> = Promise.resolve();
  private organizations: ReadonlySet<string> = new Set();
  private closeRecord: () => void = () => undefined;

  constructor(
    private readonly socket: WebSocket,
    scope: Promise<readonly string[]>,
    readonly recipient: Recipient,
    private readonly hub: VehicleAlerts,
  ) {
    // Listen before the first await: positions may come while the scope is being read. Each message
    // waits its turn on the event loop: a gateway's burst of messages, matched one after another in a
    // single turn, would hold up every alert change and every other connection until all of it was.
    socket.on('message', (data, isBinary) => {
      const text = isBinary ? null : socketText(data);
      this.work = this.work.then(nextTurn).then(() => this.receive(text));
    });
    socket.on('close', () => {
      this.work = this.work.then(() => {
        hub.disconnect(this);
        this.closeRecord();
      });
    });
    this.work = scope.then(
      (ids) => {
        this.organizations = new Set(ids);
        this.closeRecord = hub.deliveries.opened(ids, recipient, 'vehicles', () => this.vehicles.size);
      },
      () => socket.close(1011, 'organisations unavailable'),
    );
  }

  watches(alert: Alert): boolean {
    return this.organizations.has(alert.organization_id);
  }

  send(message: VehicleAlertMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private receive(text: string | null): void {
    let json: unknown = null;
    try {
      json = text === null ? null : JSON.parse(text);
    } catch {
      // answered below
    }
    const parsed = VehicleMessageSchema.safeParse(json);
    if (!parsed.success) return this.send({ type: 'error', message: ALERT_MESSAGES.vehicleMessage });
    const message = parsed.data;
    if (message.type === 'forget') {
      for (const id of message.vehicle_ids) this.hub.forget(this, id);
      return;
    }
    const adding = message.vehicles.filter((v) => !this.vehicles.has(v.id)).length;
    if (this.vehicles.size + adding > VEHICLES_PER_CONNECTION_MAX)
      return this.send({ type: 'error', message: ALERT_MESSAGES.tooManyVehicles });
    for (const { id, lat, lng, heading } of message.vehicles)
      this.hub.moved(this, id, { lat, lng, heading: heading ?? null });
  }
}

export class VehicleAlerts {
  private readonly alerts = new Map<string, AlertEntry>();
  private readonly alertIndex = new RBush<AlertEntry>();
  private readonly vehicleIndex = new RBush<Vehicle>();
  /** Alert id → the vehicles it concerns now. */
  private readonly concerning = new Map<string, Set<Vehicle>>();

  constructor(
    private readonly repository: AlertsRepository,
    private readonly events: EventBus,
    readonly deliveries: AlertDeliveries,
  ) {}

  /** Learns every organisation's active alerts, and follows every process's changes. */
  async follow(): Promise<void> {
    await this.events.on('alert.changed', (change) => this.apply(change));
    for (const alert of await this.repository.everyActive()) this.place(alert);
  }

  connect(socket: WebSocket, scope: Promise<readonly string[]>, recipient: Recipient): VehicleConnection {
    return new VehicleConnection(socket, scope, recipient, this);
  }

  moved(connection: VehicleConnection, id: string, position: VehiclePosition): void {
    let vehicle = connection.vehicles.get(id);
    if (vehicle) this.vehicleIndex.remove(vehicle);
    else {
      vehicle = { id, connection, position, concerned: new Set(), ...pointBox(position) };
      connection.vehicles.set(id, vehicle);
    }
    Object.assign(vehicle, { position }, pointBox(position));
    this.vehicleIndex.insert(vehicle);
    const near = this.alertIndex.search(vehicle).filter((entry) => connection.watches(entry.alert));
    for (const entry of near) this.judge(vehicle, entry.alert, false);
    const nearIds = new Set(near.map((entry) => entry.alert.id));
    for (const alertId of [...vehicle.concerned])
      if (!nearIds.has(alertId)) this.leave(vehicle, alertId, 'passed');
  }

  forget(connection: VehicleConnection, id: string): void {
    const vehicle = connection.vehicles.get(id);
    if (!vehicle) return;
    this.vehicleIndex.remove(vehicle);
    for (const alertId of vehicle.concerned) this.concerning.get(alertId)?.delete(vehicle);
    connection.vehicles.delete(id);
  }

  disconnect(connection: VehicleConnection): void {
    for (const id of [...connection.vehicles.keys()]) this.forget(connection, id);
  }

  private apply({ events }: AlertsChanged): void {
    for (const event of events) this.change(event);
  }

  private change(event: AlertEvent): void {
    const { alert } = event;
    if (event.change === 'ended') {
      this.unplace(alert.id);
      for (const vehicle of [...(this.concerning.get(alert.id) ?? [])])
        this.leave(vehicle, alert.id, 'ended');
      this.concerning.delete(alert.id);
      return;
    }
    const entry = this.place(alert);
    const candidates = new Set([
      ...this.vehicleIndex.search(entry).filter((vehicle) => vehicle.connection.watches(alert)),
      ...(this.concerning.get(alert.id) ?? []),
    ]);
    for (const vehicle of candidates) this.judge(vehicle, alert, event.change === 'updated');
  }

  /** Tells the vehicle's connection when the alert starts (or, `changed`, goes on) concerning it, or stops. */
  private judge(vehicle: Vehicle, alert: Alert, changed: boolean): void {
    const was = vehicle.concerned.has(alert.id);
    const distance = alertDistanceFor(alert, vehicle.position, was);
    if (distance === null) {
      if (was) this.leave(vehicle, alert.id, 'passed');
      return;
    }
    if (was && !changed) return;
    if (!was) this.deliveries.delivered(alert, vehicle.connection.recipient, 'vehicles');
    vehicle.concerned.add(alert.id);
    const concerned = this.concerning.get(alert.id) ?? new Set<Vehicle>();
    this.concerning.set(alert.id, concerned.add(vehicle));
    vehicle.connection.send({
      type: 'alert.relevant',
      vehicle_id: vehicle.id,
      alert,
      distance_m: Math.round(distance),
    });
  }

  private leave(vehicle: Vehicle, alertId: string, reason: 'passed' | 'ended'): void {
    vehicle.concerned.delete(alertId);
    this.concerning.get(alertId)?.delete(vehicle);
    vehicle.connection.send({ type: 'alert.left', vehicle_id: vehicle.id, alert_id: alertId, reason });
  }

  private place(alert: Alert): AlertEntry {
    this.unplace(alert.id);
    const entry = { alert, ...reachBox(alert) };
    this.alerts.set(alert.id, entry);
    this.alertIndex.insert(entry);
    return entry;
  }

  private unplace(alertId: string): void {
    const entry = this.alerts.get(alertId);
    if (!entry) return;
    this.alertIndex.remove(entry);
    this.alerts.delete(alertId);
  }
}
