/**
 * The page's one `main` landmark. Screens that render inside the dashboard shell's main (message
 * pages, say) render a plain box instead, so a page never holds two.
 */
import { Box, type BoxProps } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';

const InsideMain = createContext(false);

export function MainLandmark({ children, ...props }: BoxProps & { children: ReactNode }) {
  const nested = useContext(InsideMain);
  return (
    <InsideMain.Provider value>
      <Box component={nested ? 'div' : 'main'} {...props}>
        {children}
      </Box>
    </InsideMain.Provider>
  );
}
