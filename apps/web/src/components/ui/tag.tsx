/**
 * A short label on a coloured pill (asset badges, list-row tags): white text on a dark shade, each
 * tone at least 4.5:1. Mantine's `light` variant with a shade (`color="green.9"`) paints the pill in
 * that shade and the text in the colour's light-variant text colour, the same shade here, so the text
 * vanished; and its green is under 4.5:1 with white at every shade, hence teal.
 */
import { Badge, type BadgeProps } from '@mantine/core';

export type TagTone = 'positive' | 'danger' | 'info' | 'neutral';

const TONE_COLORS: Record<TagTone, string> = {
  positive: 'teal.9',
  danger: 'red.9',
  info: 'blue.9',
  neutral: 'gray.7',
};

export interface TagProps extends Omit<BadgeProps, 'color' | 'variant' | 'autoContrast'> {
  tone: TagTone;
  title?: string;
}

export function Tag({ tone, ...props }: TagProps) {
  return <Badge {...props} variant="filled" color={TONE_COLORS[tone]} />;
}
