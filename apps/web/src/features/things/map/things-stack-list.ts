/**
 * What a click on overlapping assets offers: the list of the assets there, topmost first, each
 * with its shortened name (the full name on hover), its status in words and colour; choosing one
 * selects it as a click on its marker would. Plain DOM: it lives in a MapLibre popup, outside React.
 */
import type { RespondersType } from '@flare/core/labels';
import type { Thing } from '@flare/core/schemas/thing';
import { fromServerStatus } from '@flare/core/status/thing-status';
import { displayName, primaryDisplayName } from '@flare/core/things/thing-display';
import { TONE_COLORS } from './things-icon-atlas';
import { markerTone, thingInfo } from './things-layer-data';

/** Longer stacks list this many and say how many more; "Zoom in" spreads them. */
export const STACK_LIST_MAX = 100;

export interface StackListOptions {
  now: number;
  respondersType: RespondersType;
  countryCode: string | null;
  onChoose: (id: string) => void;
  /** Offered when the assets do not all stand on one spot: zooming in spreads them. */
  onZoomIn?: () => void;
  /** Escape: the list closes. */
  onClose: () => void;
}

let lists = 0;

export function stackListElement(things: readonly Thing[], options: StackListOptions): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('role', 'dialog');
  root.className = 'flare-stack-list';
  root.style.cssText = 'font: 13px/1.35 system-ui, sans-serif; color: #212529; min-width: 180px';
  const headingId = `flare-stack-list-${++lists}`;
  root.setAttribute('aria-labelledby', headingId);
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') options.onClose();
  });

  const heading = document.createElement('strong');
  heading.id = headingId;
  heading.textContent = `${things.length} assets here`;
  heading.style.cssText = 'display: block; margin: 0 20px 6px 0';
  root.append(heading);

  const list = document.createElement('ul');
  list.setAttribute('aria-labelledby', headingId);
  list.style.cssText = 'list-style: none; margin: 0; padding: 0; max-height: 240px; overflow-y: auto';
  for (const thing of things.slice(0, STACK_LIST_MAX)) list.append(entry(thing, options));
  root.append(list);

  if (things.length > STACK_LIST_MAX) {
    const more = document.createElement('div');
    more.textContent = `and ${things.length - STACK_LIST_MAX} more`;
    more.style.cssText = 'margin-top: 4px; color: #495057';
    root.append(more);
  }
  if (options.onZoomIn) {
    const zoom = document.createElement('button');
    zoom.type = 'button';
    zoom.textContent = 'Zoom in to spread them';
    zoom.style.cssText = `${BUTTON_STYLE}; margin-top: 6px; color: #1864ab; text-decoration: underline`;
    zoom.addEventListener('click', options.onZoomIn);
    root.append(zoom);
  }
  return root;
}

const BUTTON_STYLE =
  'display: flex; align-items: center; gap: 6px; width: 100%; padding: 4px 2px; border: 0; ' +
  'background: none; font: inherit; color: inherit; text-align: left; cursor: pointer';

function entry(thing: Thing, options: StackListOptions): HTMLLIElement {
  const item = document.createElement('li');
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.thingId = thing.id;
  const fullName = primaryDisplayName(thing);
  button.title = fullName;
  button.style.cssText = BUTTON_STYLE;

  const dot = document.createElement('span');
  dot.setAttribute('aria-hidden', 'true');
  const tone = markerTone(fromServerStatus(thing.status), thing.in_service);
  dot.style.cssText = `flex: none; width: 10px; height: 10px; border-radius: 50%; background: ${TONE_COLORS[tone]}`;
  const name = document.createElement('span');
  name.textContent = displayName(fullName, { full: true, inService: thing.in_service });
  name.style.cssText = 'flex: 1; font-weight: 600; overflow-wrap: anywhere';
  const status = document.createElement('span');
  status.textContent = thingInfo(thing, options).status;
  status.style.cssText = 'color: #495057';

  // The space only separates name and status for screen readers (flex items render none).
  button.append(dot, name, ' ', status);
  button.addEventListener('click', () => options.onChoose(thing.id));
  item.append(button);
  return item;
}
