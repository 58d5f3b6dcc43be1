import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showErrorToast, showInfoToast, showSuccessToast } from '#lib/toasts.ts';
import { contrastRatio } from '#testing/contrast.ts';
import { cssVariablesResolver, Providers, theme } from './providers.tsx';

afterEach(() => act(() => notifications.clean()));

describe('Providers', () => {
  it('shows toasts raised before the toast host has loaded, at most 3 at once (SPEC §8)', async () => {
    render(
      <Providers env="test">
        <p>Page</p>
      </Providers>,
    );
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) showErrorToast(`Failure ${n}`);
    });

    expect(await screen.findByText('Failure 1')).toBeInTheDocument();
    expect(screen.getByText('Failure 3')).toBeInTheDocument();
    expect(screen.queryByText('Failure 4')).not.toBeInTheDocument();
    expect(screen.queryByText('Failure 5')).not.toBeInTheDocument();
  });

  it('names each toast’s close button, so a screen reader can dismiss it (axe: button-name)', async () => {
    render(
      <Providers env="test">
        <p>Page</p>
      </Providers>,
    );
    act(() => {
      showErrorToast('Failure');
      showSuccessToast('Saved');
      showInfoToast('Returning');
    });

    expect(await screen.findByText('Returning')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Close message' })).toHaveLength(3);
  });
});

// WCAG 2.2 AA asks 4.5:1 for text. jsdom paints nothing, so the colours the theme hands out are
// checked here by the WCAG formula, including states the browser journey (e2e/accessibility) does
// not reach, such as an ended trial or a yellow warning.
describe('the theme’s text contrast', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const shade = (color: string, index: number) => merged.colors[color]![index]!;
  const primaryShade =
    typeof merged.primaryShade === 'number' ? merged.primaryShade : merged.primaryShade.light;
  const WHITE = '#ffffff';

  /** `var(--mantine-color-gray-7)` → gray.7 from the theme. */
  function resolve(variable: string) {
    const match = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(variable);
    if (!match) throw new Error(`not a theme shade: ${variable}`);
    return shade(match[1]!, Number(match[2]));
  }

  it('gives white text on the primary (filled) buttons and badges at least 4.5:1', () => {
    expect(contrastRatio(WHITE, shade(merged.primaryColor, primaryShade))).toBeGreaterThanOrEqual(4.5);
  });

  it('gives links (the primary shade) at least 4.5:1 on white, on the blue trial banner and on a teal highlight', () => {
    const link = shade(merged.primaryColor, primaryShade);
    for (const background of [WHITE, shade('gray', 0), shade('blue', 1), shade('teal', 1)]) {
      expect(contrastRatio(link, background), `link on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives white text on the filled colours the app uses (delete, trial ended) at least 4.5:1', () => {
    for (const [color, index] of [
      ['red', primaryShade],
      ['blue', primaryShade],
      ['red', 9],
    ] as const) {
      expect(contrastRatio(WHITE, shade(color, index)), `white on ${color}.${index}`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('gives the light variant (alerts, badges, the current menu entry: shade 9 on shade 1) at least 4.5:1', () => {
    for (const color of [
      'teal',
      'blue',
      'red',
      'yellow',
      'orange',
      'green',
      'cyan',
      'lime',
      'gray',
      'violet',
      'grape',
    ]) {
      expect(
        contrastRatio(shade(color, 9), shade(color, 1)),
        `${color} light variant`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives dimmed and error text at least 4.5:1 on white and on the light grey of a table row', () => {
    const { light } = cssVariablesResolver(merged);
    for (const variable of ['--mantine-color-dimmed', '--mantine-color-error'] as const) {
      const color = resolve(light[variable]!);
      for (const background of [WHITE, shade('gray', 0)]) {
        expect(contrastRatio(color, background), `${variable} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
