import { Box, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isMenuGroup, type MenuLink, type MenuSection } from './build-menu.ts';

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

export function SideMenu(props: { sections: readonly MenuSection[] }) {
  const { pathname } = useLocation();
  return (
    <Stack gap="md">
      {props.sections.map((section) => {
        const headingId = `menu-section-${section.id}`;
        return (
          <Box key={section.id} role="group" aria-labelledby={headingId}>
            <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
              {section.title}
            </Text>
            {section.items.map((item) =>
              isMenuGroup(item) ? (
                <NavLink
                  key={item.label}
                  label={item.label}
                  defaultOpened={item.links.some((link) => link.path === pathname)}
                >
                  {item.links.map((link) => (
                    <MenuNavLink key={link.path} link={link} pathname={pathname} />
                  ))}
                </NavLink>
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
