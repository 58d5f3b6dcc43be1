import type { PasswordInputProps } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@tradeport/contract';
import { SecretInput } from './secret-input.tsx';

/** A password being chosen, with the contract's rule beneath it. */
export function NewPasswordInput(props: PasswordInputProps) {
  return (
    <SecretInput
      description={`At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords.`}
      autoComplete="new-password"
      required
      {...props}
    />
  );
}
