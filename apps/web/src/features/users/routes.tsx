/**
 * The users screens (list, new, edit) and Profile & Preferences, shown in both accounts sections. Screens load on first visit.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const UsersListScreen = lazy(() =>
  import('./list/users-list-screen').then((m) => ({ default: m.UsersListScreen })),
);
const NewUserScreen = lazy(() =>
  import('./forms/new-user-screen').then((m) => ({ default: m.NewUserScreen })),
);
const EditUserScreen = lazy(() =>
  import('./forms/edit-user-screen').then((m) => ({ default: m.EditUserScreen })),
);

const ProfileScreen = lazy(() =>
  import('./profile/profile-screen').then((m) => ({ default: m.ProfileScreen })),
);

/** Profile & Preferences: the index of the legacy accounts section, the profile tab of accounts-new. */
export const profileElement = <ProfileScreen />;

export const usersRoutes: RouteObject[] = [
  { path: 'users', element: <UsersListScreen /> },
  { path: 'users/new', element: <NewUserScreen /> },
  { path: 'users/:userId/edit', element: <EditUserScreen /> },
];
