import { AppShell, Button, Center, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentAccount } from '#features/users/api/current-user.ts';
import { buildMenu } from './build-menu.ts';
import { FullPageLoader } from './full-page-loader.tsx';
import { OrganisationSwitcher } from './organisation-switcher.tsx';
import { ShellHeader } from './shell-header.tsx';
import { SideMenu } from './side-menu.tsx';
import { useOrganisationSync } from './use-organisation-sync.ts';

function AccountLoadFailed(props: { onRetry: () => void }) {
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm">
        <Title order={1}>We could not load your account</Title>
        <Text c="dimmed">Check your connection and try again.</Text>
        <Button onClick={props.onRetry}>Try again</Button>
      </Stack>
    </Center>
  );
}

/** The signed-in frame: header, side menu from buildMenu, and the page. */
export function AppShellLayout() {
  const [isNavOpen, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const account = useCurrentAccount();
  useOrganisationSync({
    currentUser: account.data,
    organisation: account.organisation,
    storedOrganisationId: account.storedOrganisationId,
  });

  // On small screens the menu covers the page; close it once a link has been followed.
  // Runs on navigation only, on purpose.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => nav.close(), [pathname]);

  if (account.isPending) return <FullPageLoader label="Loading your account…" />;
  if (account.isError) return <AccountLoadFailed onRetry={() => void account.refetch()} />;

  const { data: currentUser, organisation } = account;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <ShellHeader
          currentUser={currentUser}
          organisation={organisation}
          isNavOpen={isNavOpen}
          onToggleNav={nav.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar id="side-navigation" aria-label="Main" p="sm">
        <AppShell.Section pb="sm">
          <OrganisationSwitcher
            organisations={currentUser.organisations}
            selectedId={organisation?.id ?? null}
          />
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <SideMenu sections={buildMenu({ currentUser, organisation })} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <Suspense fallback={<Loader aria-label="Loading page" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
