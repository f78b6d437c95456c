/**
 * A screen's own permission check, with core's policies: its content for a signed-in user whom
 * `access` (core `can`) and `allowed` (a core rule about this user and what the screen shows) let in,
 * else the "unauthorized" message. Routes check sections and access first; this is the screen's part.
 */
import type { ReactNode } from 'react';
import { can, type Access } from '@flare/core/permissions/access';
import type { Profile } from '@flare/core/schemas/profile';
import { useSession } from '../../lib/session';
import { FormScreen, ServerErrorLine, UnauthorizedMessage } from './form-layout';
import { PanelLoading } from './loading-indicator';

export interface AuthorizationProps {
  access?: Access;
  allowed?: (profile: Profile) => boolean;
  children: (profile: Profile) => ReactNode;
}

export function Authorization({ access, allowed, children }: AuthorizationProps) {
  const profile = useSession()?.profile;
  if (!profile || (access && !can(profile.permissions, access)) || (allowed && !allowed(profile)))
    return <UnauthorizedMessage />;
  return children(profile);
}

export interface EditRouteProps<T> {
  /** The form's title ("Edit Area"), also over the not-found message. */
  title: string;
  /** What the loading indicator says ("Loading area"). */
  loadingLabel: string;
  /** What a finished load that did not find the item says. */
  notFound: string;
  /** The item, once loaded and found. */
  item: T | null | undefined;
  /** The load has answered (with or without the item). */
  loaded: boolean;
  /** A core rule: may this user edit this item? */
  allowed?: (profile: Profile, item: T) => boolean;
  children: (profile: Profile, item: T) => ReactNode;
}

/** An Edit screen's route: a signed-in user, then the item loading, not found, or its form. */
export function EditRoute<T>({
  title,
  loadingLabel,
  notFound,
  item,
  loaded,
  allowed,
  children,
}: EditRouteProps<T>) {
  return (
    <Authorization>
      {(profile) =>
        item ? (
          !allowed || allowed(profile, item) ? (
            children(profile, item)
          ) : (
            <UnauthorizedMessage />
          )
        ) : loaded ? (
          <FormScreen title={title}>
            <ServerErrorLine message={notFound} />
          </FormScreen>
        ) : (
          <PanelLoading label={loadingLabel} />
        )
      }
    </Authorization>
  );
}
