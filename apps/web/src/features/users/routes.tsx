/**
 * The users screens (list, new, edit) and Profile & Preferences, shown in both accounts sections. Screens load on first visit.
 */
import { lazyScreen } from '../../lib/lazy-screen';
import type { RouteObject } from 'react-router';

const UsersListScreen = lazyScreen(() => import('./list/users-list-screen'), 'UsersListScreen');
const NewUserScreen = lazyScreen(() => import('./forms/new-user-screen'), 'NewUserScreen');
const EditUserScreen = lazyScreen(() => import('./forms/edit-user-screen'), 'EditUserScreen');

const ProfileScreen = lazyScreen(() => import('./profile/profile-screen'), 'ProfileScreen');

/** Profile & Preferences: the index of the legacy accounts section, the profile tab of accounts-new. */
export const profileElement = <ProfileScreen />;

export const usersRoutes: RouteObject[] = [
  { path: 'users', element: <UsersListScreen /> },
  { path: 'users/new', element: <NewUserScreen /> },
  { path: 'users/:userId/edit', element: <EditUserScreen /> },
];
