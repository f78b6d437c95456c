/**
 * A navigation entry's click: the active section toggles the drawer, another
 * section opens the drawer and goes there. Shared by the side nav and the mobile bottom nav.
 */
import { useLocation, useNavigate } from 'react-router';
import type { SectionId } from '@flare/core/permissions/sections';
import { sectionPath } from '../../lib/nav-memory';

export interface DrawerControls {
  onToggleDrawer: () => void;
  onOpenDrawer: () => void;
}

export function useSectionNav({ onToggleDrawer, onOpenDrawer }: DrawerControls) {
  const active = useLocation().pathname.split('/')[2] as SectionId | undefined;
  const navigate = useNavigate();
  const go = (section: SectionId) => (event: React.MouseEvent) => {
    event.preventDefault();
    if (section === active) onToggleDrawer();
    else {
      onOpenDrawer();
      void navigate(sectionPath(section));
    }
  };
  return { active, go };
}
