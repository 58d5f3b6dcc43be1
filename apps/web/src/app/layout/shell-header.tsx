import { Anchor, Burger, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CurrentUser, OrganisationMembership } from '@tradeport/contract';
import { Link } from 'react-router';
import { routePath } from '#lib/routes.ts';

/** Merchants see their organisation; customers see the merchant's portal (SPEC §2). */
function headerTitles(currentUser: CurrentUser, organisation: OrganisationMembership | null) {
  if (!currentUser.is_merchant && currentUser.merchant) {
    return { title: `${currentUser.merchant.title} Ordering Portal`, subtitle: organisation?.title ?? null };
  }
  return { title: organisation?.title ?? 'Tradeport', subtitle: null };
}

export function ShellHeader(props: {
  currentUser: CurrentUser;
  organisation: OrganisationMembership | null;
  isNavOpen: boolean;
  onToggleNav: () => void;
}) {
  const { title, subtitle } = headerTitles(props.currentUser, props.organisation);
  return (
    <Group h="100%" px="md" gap="md" wrap="nowrap">
      <Anchor href="#main-content" className="skip-link">
        Skip to content
      </Anchor>
      <Burger
        opened={props.isNavOpen}
        onClick={props.onToggleNav}
        hiddenFrom="sm"
        size="sm"
        aria-label={props.isNavOpen ? 'Close navigation' : 'Open navigation'}
        aria-expanded={props.isNavOpen}
        aria-controls="side-navigation"
      />
      {/* Named by what it shows (WCAG 2.5.3: the visible words are in the name), then where it goes. */}
      <UnstyledButton component={Link} to={routePath('/')}>
        <Stack gap={0}>
          {/* The whole name, never cut off: on a phone it wraps, a size smaller, within the header. */}
          <Text fw={700} fz={{ base: 'md', sm: 'lg' }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          {subtitle && (
            <Text size="xs" c="dimmed" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {subtitle}
            </Text>
          )}
          <span className="visually-hidden">, go to Home</span>
        </Stack>
      </UnstyledButton>
    </Group>
  );
}
