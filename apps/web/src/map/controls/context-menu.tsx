/**
 * The map's right-click menu: copy the point's coordinates or its three-word
 * address, and the actions features offer on a point (point-actions.ts). Opens where the map was right-clicked (or at the centre with the context-menu key or
 * Shift+F10 on the focused map); closes on a click elsewhere, Escape, or when the map moves.
 */
import { Paper, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { MapMouseEvent } from 'maplibre-gl';
import { MENU_COPY_RESET_MS } from '@flare/core/constants';
import { MESSAGES } from '@flare/core/messages';
import type { ThreeWordProvider } from '@flare/core/schemas/map';
import { formatCoordinate, useThreeWordAddress } from '../api/get-three-word-address';
import { useMap } from '../map-context';
import type { LngLat } from '../map-commands';
import { copyText } from './copy-text';
import { usePointActions } from './point-actions';
import classes from './context-menu.module.css';

const MENU_WIDTH = 260;
const MENU_HEIGHT = 120;
const ACTION_HEIGHT = 36;

export interface MenuTarget {
  /** Where the menu opens, in pixels from the map's top-left corner. */
  point: { x: number; y: number };
  position: LngLat;
}

const PROVIDER_LABELS: Record<ThreeWordProvider, string> = {
  what3words: 'what3words address',
  plus_code: 'Plus code',
};

/** Arrow keys, Home and End move between the items (from the focused one's index, of `count`). */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index) => index + 1,
  ArrowUp: (index) => index - 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export const formatCoordinates = ([lng, lat]: LngLat) => `${formatCoordinate(lat)}, ${formatCoordinate(lng)}`;

export function MapContextMenu() {
  const map = useMap();
  const [target, setTarget] = useState<MenuTarget | null>(null);

  useEffect(() => {
    const open = (event: MapMouseEvent) => {
      event.originalEvent.preventDefault();
      setTarget({
        point: { x: event.point.x, y: event.point.y },
        position: [event.lngLat.lng, event.lngLat.lat],
      });
    };
    const close = () => setTarget(null);
    const canvas = map.getCanvas();
    const openFromKeyboard = (event: KeyboardEvent) => {
      if (event.key !== 'ContextMenu' && !(event.shiftKey && event.key === 'F10')) return;
      event.preventDefault();
      const centre = map.getCenter();
      setTarget({
        point: { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 },
        position: [centre.lng, centre.lat],
      });
    };
    map.on('contextmenu', open);
    map.on('movestart', close);
    canvas.addEventListener('keydown', openFromKeyboard);
    return () => {
      map.off('contextmenu', open);
      map.off('movestart', close);
      canvas.removeEventListener('keydown', openFromKeyboard);
    };
  }, [map]);

  if (!target) return null;
  const container = map.getContainer();
  return (
    <PointMenu
      // A new point is a new menu: fresh copy states and lookup.
      key={`${target.point.x},${target.point.y}`}
      target={target}
      bounds={{ width: container.clientWidth, height: container.clientHeight }}
      onClose={(refocusMap) => {
        setTarget(null);
        if (refocusMap) map.getCanvas().focus();
      }}
    />
  );
}

interface PointMenuProps {
  target: MenuTarget;
  bounds: { width: number; height: number };
  onClose: (refocusMap: boolean) => void;
}

/** The menu at one point; kept apart from the map so it can be tested on its own. */
export function PointMenu({ target, bounds, onClose }: PointMenuProps) {
  const ref = useClickOutside<HTMLDivElement>(() => onClose(false));
  const address = useThreeWordAddress(target.position);
  const actions = usePointActions();
  // What an item says for a moment after it was chosen: "Copied", or that copying failed.
  const [feedback, setFeedback] = useState<{ item: string; text: string } | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    return () => clearTimeout(resetTimer.current);
  }, [ref]);

  const copy = async (key: string, text: string) => {
    const ok = await copyText(text);
    setFeedback({ item: key, text: ok ? MESSAGES.copied : MESSAGES.copyFailed });
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setFeedback(null), MENU_COPY_RESET_MS);
  };
  const shown = (item: string, text: string) => (feedback?.item === item ? feedback.text : text);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
      return;
    }
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = MOVES[event.key];
    if (!move || items.length === 0) return;
    event.preventDefault();
    items[(move(index, items.length) + items.length) % items.length]?.focus();
  };

  const coordinates = formatCoordinates(target.position);
  const flipX = target.point.x + MENU_WIDTH > bounds.width;
  const flipY = target.point.y + MENU_HEIGHT + actions.length * ACTION_HEIGHT > bounds.height;

  return (
    <>
      <Paper
        ref={ref}
        role="menu"
        aria-label="Map point"
        shadow="md"
        withBorder
        p={4}
        w={MENU_WIDTH}
        style={{
          position: 'absolute',
          left: `${target.point.x}px`,
          top: `${target.point.y}px`,
          zIndex: 3,
          transform: `translate(${flipX ? '-100%' : '0'}, ${flipY ? '-100%' : '0'})`,
        }}
        onKeyDown={onKeyDown}
        onContextMenu={(event) => event.preventDefault()}
      >
        <MenuItem
          caption="Copy coordinates"
          text={shown('coordinates', coordinates)}
          onClick={() => void copy('coordinates', coordinates)}
        />
        {address.isPending ? (
          <MenuItem caption="Three-word address" text={MESSAGES.locating} disabled />
        ) : address.isError ? (
          <MenuItem caption="Three-word address" text={MESSAGES.unableToFindLocation} disabled />
        ) : (
          <MenuItem
            caption={`Copy ${PROVIDER_LABELS[address.data.provider].toLowerCase()}`}
            text={shown('address', address.data.address)}
            onClick={() => void copy('address', address.data.address)}
          />
        )}
        {actions.map((action) => (
          <MenuItem
            key={action.id}
            text={action.label}
            onClick={() => {
              // Back to the map: by keyboard, the next point is a pan and a Shift+F10 away.
              onClose(true);
              action.run(target.position);
            }}
          />
        ))}
      </Paper>
      <VisuallyHidden role="status">{feedback?.text ?? ''}</VisuallyHidden>
    </>
  );
}

function MenuItem({
  caption,
  text,
  disabled = false,
  onClick,
}: {
  /** The small line above the item's text. */
  caption?: string;
  text: string;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <UnstyledButton
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      display="block"
      w="100%"
      px="sm"
      py={6}
      className={classes.item}
    >
      {caption && (
        <Text size="xs" c="gray.7" component="span" display="block">
          {caption}
        </Text>
      )}
      <Text size="sm" component="span" display="block">
        {text}
      </Text>
    </UnstyledButton>
  );
}
