import { Box, NavLink, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isMenuGroup, type MenuGroup, type MenuLink, type MenuSection } from './build-menu.ts';

function MenuNavLink(props: { link: MenuLink; pathname: string }) {
  const isActive = props.pathname === props.link.path;
  return (
    <NavLink
      component={Link}
      to={props.link.path}
      label={props.link.label}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
    />
  );
}

/**
 * A collapsible entry (Settings → Integrations). A button, not a link: it has no address of its
 * own, and only a button is reached by Tab and opened with Enter or Space.
 */
function MenuNavGroup(props: { group: MenuGroup; pathname: string }) {
  const { group, pathname } = props;
  const [isOpen, setIsOpen] = useState(() => group.links.some((link) => link.path === pathname));
  const linksId = useId();
  return (
    <NavLink
      component="button"
      type="button"
      label={group.label}
      opened={isOpen}
      onChange={setIsOpen}
      aria-expanded={isOpen}
      aria-controls={linksId}
    >
      <div id={linksId}>
        {group.links.map((link) => (
          <MenuNavLink key={link.path} link={link} pathname={pathname} />
        ))}
      </div>
    </NavLink>
  );
}

export function SideMenu(props: { sections: readonly MenuSection[] }) {
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      {props.sections.map((section) => {
        const headingId = `menu-section-${section.id}`;
        return (
          <Box key={section.id} role="group" aria-labelledby={headingId}>
            {/* Small text, so WCAG AA asks 4.5:1: gray.7 on the white menu is about 8:1 (dimmed was 3.3:1). */}
            <Text id={headingId} size="xs" fw={700} tt="uppercase" c="gray.7" px="sm" pb={4}>
              {section.title}
            </Text>
            {section.items.map((item) =>
              isMenuGroup(item) ? (
                <MenuNavGroup key={item.label} group={item} pathname={pathname} />
              ) : (
                <MenuNavLink key={item.path} link={item} pathname={pathname} />
              ),
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
