import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_MAX_WIDTH } from '../config/theme';

/** Phone-sized screens: desktop-only sections are blocked and the bottom nav replaces the side nav. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`, window.innerWidth <= MOBILE_MAX_WIDTH, {
    getInitialValueInEffect: false,
  });
}
