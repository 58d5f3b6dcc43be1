import { AppShell, Button, Center, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { readPayDialog } from '#lib/pay-dialog.ts';
import { readRecordPayment } from '#lib/record-payment-dialog.ts';
import { CustomerViewBanner } from '#features/customer-view/components/customer-view-banner.tsx';
import { ViewAsCustomerButton } from '#features/customer-view/components/view-as-customer-button.tsx';
import { ShellBanners } from '#features/session-states/components/shell-banners.tsx';
import { TrialExpiredPage } from '#features/session-states/components/trial-expired-page.tsx';
import { shellBanners, shellView } from '#features/session-states/shell-state.ts';
import { useCurrentAccount } from '#lib/current-account.ts';
import { findRoute, isRouteFor, viewerOf } from '#lib/routes.ts';
import { useNow } from '#lib/use-now.ts';
import { NotFoundPage } from '../pages/not-found-page.tsx';
import { buildMenu, type MenuSection } from './build-menu.ts';
import { FullPageLoader } from './full-page-loader.tsx';
import { OrganisationSwitcher } from './organisation-switcher.tsx';
import { ShellHeader } from './shell-header.tsx';
import { SideMenu } from './side-menu.tsx';
import { useOrganisationSync } from './use-organisation-sync.ts';
import { lazyScreen } from '../lazy-screen.ts';

// Card payment and payment links open over any screen that links to them (lib/pay-dialog.ts); the
// dialog's code loads only when one is asked for.
const PayDialogHost = lazyScreen(() =>
  import('#features/card-payments/components/pay-dialog-host.tsx').then((m) => m.PayDialogHost),
);
// The merchant's "Record payment" opens the same way (lib/record-payment-dialog.ts).
const RecordPaymentHost = lazyScreen(() =>
  import('#features/payments/components/record-payment-host.tsx').then((m) => m.RecordPaymentHost),
);

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

// While the app is disabled (SPEC §4, no active organisation) the menu offers only a way out.
const DISABLED_MENU: MenuSection[] = [
  { id: 'settings', title: 'Settings', items: [{ label: 'Log out', path: '/logout' }] },
];

// Trial and payment states turn on dates; a minute is fine enough for "ended" to show without a reload.
const STATE_CLOCK_MS = 60_000;

/** The signed-in frame: header, side menu from buildMenu, SPEC §4 banners and states, and the page. */
export function AppShellLayout() {
  const [isNavOpen, nav] = useDisclosure(false);
  const { pathname, search } = useLocation();
  const account = useCurrentAccount();
  const nowMs = useNow(STATE_CLOCK_MS);
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
  const view = shellView({ currentUser, nowMs, pathname });
  const switcher = (
    <OrganisationSwitcher organisations={currentUser.organisations} selectedId={organisation?.id ?? null} />
  );
  if (view.kind === 'redirect') return <Navigate to={view.to} replace />;
  if (view.kind === 'trial-expired') {
    return (
      <TrialExpiredPage
        organisationTitle={organisation?.title ?? null}
        loss={view.loss}
        isAdmin={organisation?.user_level === 'Admin'}
        switcher={switcher}
      />
    );
  }
  const isDisabled = view.kind === 'invitations-only';
  const menu = isDisabled ? DISABLED_MENU : buildMenu({ currentUser, organisation });
  const banners = isDisabled ? [] : shellBanners({ currentUser, organisation, nowMs });
  // The menu's rule for a typed address too: a screen that is not for this person (a café at
  // /products) does not exist for them, so nothing of it loads or asks the API.
  const route = findRoute(pathname);
  const isForViewer = !route || isRouteFor(route, viewerOf(currentUser, organisation));

  return (
    <AppShell
      // Taller on a phone, where a long merchant name wraps onto two lines with the café's name below.
      header={{ height: { base: 72, sm: 60 } }}
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
          <Stack gap="xs">
            {switcher}
            {currentUser.is_merchant && organisation && !isDisabled && (
              <ViewAsCustomerButton organisation={organisation} />
            )}
          </Stack>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <SideMenu sections={menu} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        <CustomerViewBanner currentUser={currentUser} organisation={organisation} />
        <ShellBanners banners={banners} />
        <Suspense fallback={<Loader role="status" aria-label="Loading page" />}>
          {isForViewer ? <Outlet /> : <NotFoundPage />}
        </Suspense>
        {!isDisabled && readPayDialog(new URLSearchParams(search)) && (
          <Suspense fallback={null}>
            <PayDialogHost />
          </Suspense>
        )}
        {!isDisabled && currentUser.is_merchant && readRecordPayment(new URLSearchParams(search)) && (
          <Suspense fallback={null}>
            <RecordPaymentHost />
          </Suspense>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
