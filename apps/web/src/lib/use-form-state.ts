import { type ChangeEvent, useState } from 'react';
import type { FieldErrors, FormFailure } from './form-errors.ts';

// Field errors are announced as they appear.
const errorProps = { role: 'alert' } as const;

/**
 * Text values, their errors and the submit state of a form. Typing into a field clears its error,
 * so a stale message never sits beside a corrected value.
 */
export function useFormState<V extends Record<string, string>>(initial: V | (() => V)) {
  type Field = keyof V & string;
  const [values, setValues] = useState<V>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  /** Props for a Mantine text input bound to `field`. */
  const textProps = (field: Field) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.currentTarget.value),
    error: fieldErrors[field],
    errorProps,
    // Mantine marks a PasswordInput's wrapper, not its input, as invalid; this marks the input itself.
    'aria-invalid': fieldErrors[field] ? true : undefined,
  });

  const showFailure = (failure: FormFailure<Field>) => {
    setFieldErrors(failure.fieldErrors);
    setFormError(failure.formError);
  };

  const clearErrors = () => {
    setFieldErrors({});
    setFormError(null);
  };

  return {
    values,
    setValues,
    setValue,
    textProps,
    fieldErrors,
    setFieldErrors,
    formError,
    setFormError,
    showFailure,
    clearErrors,
    isSubmitting,
    setIsSubmitting,
    errorProps,
  };
}

export type FormState<V extends Record<string, string>> = ReturnType<typeof useFormState<V>>;
