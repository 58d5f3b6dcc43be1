import { PasswordInput, type PasswordInputProps } from '@mantine/core';

// Mantine's default name contains "password", which makes "the field labelled Password" ambiguous.
const visibilityToggleProps = { 'aria-label': 'Show what you typed' } as const;

/** A password input whose show/hide button says what it does. */
export function SecretInput(props: PasswordInputProps) {
  return <PasswordInput {...props} visibilityToggleButtonProps={visibilityToggleProps} />;
}
