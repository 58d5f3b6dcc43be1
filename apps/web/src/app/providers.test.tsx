import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showErrorToast } from '#lib/toasts.ts';
import { Providers } from './providers.tsx';

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
});
