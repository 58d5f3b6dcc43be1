import { Button, MantineProvider, TextInput } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Email } from '@tradeport/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api-error.ts';
import { userKeys } from '../current-account.ts';
import { queryClient } from '../query-client.ts';
import { showErrorToast } from '../toasts.ts';
import { FormErrorAlert } from '../ui/form-error-alert.tsx';
import { useContractForm } from './use-contract-form.ts';

vi.mock('../toasts.ts', () => ({ showErrorToast: vi.fn() }));

const InviteBody = z.object({ email: Email, note: z.string().trim().max(20) });

function InviteForm(props: { onSubmit: (body: z.output<typeof InviteBody>) => Promise<unknown> }) {
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: { email: '', note: '' },
    schema: InviteBody,
    handledErrorCodes: ['VALIDATION_ERROR'],
    onSubmit: props.onSubmit,
  });
  return (
    <form {...formProps} aria-label="Invite">
      <FormErrorAlert message={formError} />
      <TextInput label="Email" {...form.getInputProps('email')} />
      <TextInput label="Note" {...form.getInputProps('note')} />
      <Button {...submitProps}>Send</Button>
    </form>
  );
}

// The version is not a field the person edits; a check on it has nowhere to show but above the form.
const VersionedBody = z.object({
  name: z.string(),
  version: z.number().int().min(1, 'Reload: this record has no version'),
});

function VersionedForm(props: { onSubmit: () => Promise<unknown> }) {
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: { name: 'Milk' },
    schema: VersionedBody,
    toInput: (values) => ({ ...values, version: 0 }),
    handledErrorCodes: [],
    onSubmit: props.onSubmit,
  });
  return (
    <form {...formProps} aria-label="Versioned">
      <FormErrorAlert message={formError} />
      <TextInput label="Name" {...form.getInputProps('name')} />
      <Button {...submitProps}>Save</Button>
    </form>
  );
}

function renderForm(onSubmit: (body: unknown) => Promise<unknown>) {
  render(
    <MantineProvider env="test">
      <InviteForm onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return userEvent.setup();
}

const refusal = (details: { path: string; message: string }[]) =>
  new ApiError({ status: 400, body: { error_code: 'VALIDATION_ERROR', message: 'Check the form', details } });

describe('useContractForm', () => {
  it('shows the contract’s message on the field and sends nothing while the input fails it', async () => {
    const onSubmit = vi.fn(async () => {});
    const user = renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not an address{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(/email/i);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends what the schema outputs when Enter is pressed', async () => {
    const onSubmit = vi.fn(async () => {});
    const user = renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' Mia@Example.com {Enter}');

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'mia@example.com', note: '' }, expect.anything()),
    );
  });

  it('puts the server’s field details on the fields they name', async () => {
    const user = renderForm(async () => {
      throw refusal([{ path: 'body.email', message: 'Already invited' }]);
    });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'mia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Already invited');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a refusal that names no field of the form above it', async () => {
    const user = renderForm(async () => {
      throw refusal([{ path: 'body.organisation', message: 'Unknown organisation' }]);
    });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'mia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Check the form');
  });

  it('shows a client-side check that fits no field above the form, and sends nothing', async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <MantineProvider env="test">
        <VersionedForm onSubmit={onSubmit} />
      </MantineProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Reload: this record has no version');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends once however often it is submitted, with the inputs disabled meanwhile', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = renderForm(onSubmit);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'mia@example.com{Enter}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(email).toBeDisabled();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(email).toBeEnabled());
  });
  it('says a FORBIDDEN refusal in the alert, without a toast, and reloads the person’s level', async () => {
    // The level the screen holds is out of date: reloading the current user must be asked for.
    queryClient.setQueryData(userKeys.current(null), { id: 'me' } as never);
    const user = renderForm(async () => {
      throw new ApiError({
        status: 403,
        body: { error_code: 'FORBIDDEN', message: 'Only an Admin can invite people.' },
      });
    });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'mia@example.com{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Only an Admin can invite people.');
    expect(showErrorToast).not.toHaveBeenCalled();
    await waitFor(() => expect(queryClient.getQueryState(userKeys.current(null))?.isInvalidated).toBe(true));
  });
});
