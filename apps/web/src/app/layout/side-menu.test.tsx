import { DEFAULT_THEME } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@tradeport/contract';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '#testing/contrast.ts';
import { harbour, merchantUser } from '#testing/fixtures.ts';
import { renderRoutes } from '#testing/render-routes.tsx';
import { buildMenu, menuLinks } from './build-menu.ts';
import { SideMenu } from './side-menu.tsx';

const admin: CurrentUser = { ...merchantUser, organisations: [harbour] };
const menu = buildMenu({ currentUser: admin, organisation: harbour });

function renderMenu(path = '/') {
  const element = (
    <nav aria-label="Main">
      <SideMenu sections={menu} />
    </nav>
  );
  return renderRoutes([{ path: '*', element }], path);
}

/** The colour a Mantine colour variable stands for in the light scheme. */
function mantineColour(value: string): string {
  if (value === 'var(--mantine-color-dimmed)') return DEFAULT_THEME.colors.gray[6];
  if (value === 'var(--mantine-color-text)' || value === 'var(--mantine-color-black)')
    return DEFAULT_THEME.black;
  const match = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(value);
  const shades = match ? DEFAULT_THEME.colors[match[1] as keyof typeof DEFAULT_THEME.colors] : undefined;
  if (!match || !shades) throw new Error(`unknown colour ${value}`);
  return shades[Number(match[2])]!;
}

describe('SideMenu', () => {
  it('reaches and opens every entry with Tab and Enter, the Integrations group included', async () => {
    const { router } = renderMenu();
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });

    const group = within(nav).getByRole('button', { name: 'Integrations' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    // Tab from the top of the page lands on every link and on the group, in order.
    const reached: string[] = [];
    for (let step = 0; step < 40 && reached.at(-1) !== 'Log out'; step++) {
      await user.tab();
      reached.push((document.activeElement as HTMLElement).textContent ?? '');
    }
    expect(reached).toContain('Integrations');

    group.focus();
    await user.keyboard('{Enter}');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    const xero = within(nav).getByRole('link', { name: 'Xero', hidden: true });
    await waitFor(() => expect(xero).toBeVisible());
    await user.tab();
    expect(document.activeElement).toBe(xero);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/xero/settings'));

    // Every entry outside the group was reached by Tab alone.
    const outside = menuLinks(menu)
      .filter((link) => !link.path.endsWith('/settings'))
      .map((link) => link.label);
    for (const label of outside) expect(reached).toContain(label);
  });

  it('opens the group of the page being shown', () => {
    renderMenu('/myob/settings');
    expect(screen.getByRole('button', { name: 'Integrations' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'MYOB' })).toHaveAttribute('aria-current', 'page');
  });

  it('writes the section headings in a colour with at least 4.5:1 contrast on the white menu', () => {
    renderMenu();
    const heading = document.getElementById('menu-section-products');
    expect(heading).toHaveTextContent('Products');
    const colour = mantineColour(heading!.style.color);
    expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
