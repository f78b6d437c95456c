/** What every page has around it: the environment note of a non-production installation. */
import { Outlet } from 'react-router';
import { EnvironmentNote } from './environment-note';

export function AppFrame() {
  return (
    <>
      <Outlet />
      <EnvironmentNote />
    </>
  );
}
