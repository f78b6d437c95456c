/**
 * The page's one `main` landmark. Screens that render inside the dashboard shell's main (message
 * pages, say) render a plain box instead, so a page never holds two. It takes the focus (never by
 * Tab) when what held it has gone: see `focusMainIfLost`.
 */
import { Box, type BoxProps } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import classes from './main-landmark.module.css';

const InsideMain = createContext(false);

export function MainLandmark({ children, ...props }: BoxProps & { children: ReactNode }) {
  const nested = useContext(InsideMain);
  return (
    <InsideMain.Provider value>
      <Box
        component={nested ? 'div' : 'main'}
        {...props}
        {...(!nested && { className: [classes.main, props.className].filter(Boolean).join(' ') })}
      >
        {children}
      </Box>
    </InsideMain.Provider>
  );
}

/**
 * After a dialog closes with nothing to give the focus back to (it opened on arrival, or from a menu
 * item that has gone), the page's main content takes it, so the next Tab starts there, not at the top.
 */
export function focusMainIfLost(): void {
  // After Mantine's own return of the focus to the opener (10 ms after the close), which wins where
  // the opener is still there; with reduced motion the exit ends in the same turn as the close.
  setTimeout(focusMainNowIfLost, AFTER_MANTINE_FOCUS_RETURN_MS);
}

const AFTER_MANTINE_FOCUS_RETURN_MS = 20;

function focusMainNowIfLost(): void {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  // Focusable only until it loses the focus: a click on the page's empty parts must not focus it.
  main.tabIndex = -1;
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
  main.focus();
}
