import {
  createTheme,
  type AutocompleteProps,
  type CSSVariablesResolver,
  type MenuProps,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';
import { BREAKPOINTS, OPTION_LIST } from '@flare/core/constants';

const em = (px: number) => `${px / 16}em`;

const dropdownDefaults = { maxDropdownHeight: OPTION_LIST.maxHeightPx };

/** Mantine theme with the product's breakpoints. */
export const theme = createTheme({
  // Neutral controls: red is kept for alerting and responding states, which name it themselves.
  primaryColor: 'dark',
  // The shade of every colour's filled and outline variants: 9 keeps red and green text (outline
  // buttons) and white on filled buttons above the 4.5:1 contrast ratio.
  primaryShade: { light: 9, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Users who ask their system for less motion get no transitions (the map's flights honour it too).
  respectReducedMotion: true,
  breakpoints: {
    xs: em(BREAKPOINTS.xs),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: em(BREAKPOINTS.xl),
    xxl: em(BREAKPOINTS.xxl),
  },
  // Plain defaults rather than `Select.extend(...)`: naming the components here would load their code
  // (the combobox, popovers, floating UI) with every page, the sign-in page too.
  components: {
    // Mantine's initial-focus placeholder is a focusable div inside role=menu, which may hold only
    // menu items (axe aria-required-children). Without it, opening a menu focuses its first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    Select: { defaultProps: dropdownDefaults satisfies Partial<SelectProps> },
    MultiSelect: { defaultProps: dropdownDefaults satisfies Partial<MultiSelectProps> },
    Autocomplete: { defaultProps: dropdownDefaults satisfies Partial<AutocompleteProps> },
  },
});

/** Widths up to this are phones: desktop-only sections are blocked and the bottom nav shows. */
export const MOBILE_MAX_WIDTH = BREAKPOINTS.sm;

/**
 * Error texts in the darkest red, dimmed texts (field descriptions among them) and placeholders in a
 * darker grey, so all meet the 4.5:1 contrast ratio on white (Mantine's own greys are about 3.3:1 and
 * less; a file field's placeholder is page text, which axe checks).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
