/**
 * One line of text that is cut only when space is short: `full` while it fits, else `short` (an
 * asset's name shortened to first 4 + "..." + last 4, which keeps the unit number readable). The
 * caller gives the full text on hover (a row's button carries it as its title). The full text is
 * measured in the line's own font on a canvas (no second copy in the page for tests or readers to
 * find), again whenever the line's width changes.
 */
import { Text, type TextProps } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';

interface Props extends TextProps {
  full: string;
  short: string;
}

let canvas: HTMLCanvasElement | undefined;

/** The text's width in the element's font, or null where the page cannot measure (no canvas). */
function textWidth(text: string, element: HTMLElement): number | null {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.font = getComputedStyle(element).font;
  return context.measureText(text).width;
}

export function FittedText({ full, short, ...textProps }: Props) {
  const line = useRef<HTMLParagraphElement>(null);
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const box = line.current;
    if (!box) return;
    const check = () => setFits((textWidth(full, box) ?? 0) <= box.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    return () => observer.disconnect();
  }, [full]);
  return (
    <Text ref={line} truncate {...textProps}>
      {fits ? full : short}
    </Text>
  );
}
