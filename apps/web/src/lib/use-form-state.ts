import { type ChangeEvent, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, type FormFailure, formFailureFrom, validateWith } from './form-errors.ts';

// Field errors are announced as they appear.
export const errorProps = { role: 'alert' } as const;

/** The fields of `V` that hold text, which `textProps` can bind to a text input. */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export type SubmitOptions<S extends z.ZodType, F extends string> = {
  /** The contract schema the input must pass before anything is sent. */
  schema: S;
  /** What the schema checks; the form's values unless given. */
  input?: unknown;
  fields: readonly F[];
  /** Refusals the form shows itself (passed to `request` too, so they raise no toast). */
  handledErrorCodes: readonly string[];
  /** Checks of the form's own, beyond the schema's. */
  moreErrors?: FieldErrors<F>;
  send: (data: z.output<S>) => Promise<unknown>;
  /** What a refusal shows, where that is not simply the fields the server named. */
  onFailure?: (failure: FormFailure<F>, error: unknown) => FormFailure<F>;
  /** The page moves on after a success, so the button stays busy until it has gone. */
  isLeavingOnSuccess?: boolean;
};

/**
 * Values, their errors and the submit state of a form. Changing a field clears its error, so a
 * stale message never sits beside a corrected value; `isDirty` says whether anything differs from
 * where the form started.
 */
export function useFormState<V extends Record<string, unknown>>(initial: V | (() => V)) {
  type Field = keyof V & string;
  const [start] = useState<V>(initial);
  const [values, setValues] = useState<V>(start);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const setValue = <K extends Field>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  /** Changes several fields at once and drops their errors. */
  const patch = (changes: Partial<V>) => {
    setValues((current) => ({ ...current, ...changes }));
    setFieldErrors((current) => {
      const changed = Object.keys(changes).filter((field) => field in current);
      if (changed.length === 0) return current;
      const next = { ...current };
      for (const field of changed) delete next[field as Field];
      return next;
    });
  };

  /** Props for a Mantine text input bound to `field`. */
  const textProps = (field: TextField<V>) => ({
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValue(field, event.currentTarget.value as V[typeof field]),
    error: fieldErrors[field],
    errorProps,
    // Mantine marks a PasswordInput's wrapper, not its input, as invalid; this marks the input itself.
    'aria-invalid': fieldErrors[field] ? true : undefined,
  });

  // Forms name fields of their own beside their text values (a picture, a bot check).
  const showFailure = (failure: FormFailure<string>) => {
    setFieldErrors(failure.fieldErrors);
    setFormError(failure.formError);
  };

  const clearErrors = () => {
    setFieldErrors({});
    setFormError(null);
  };

  /** Checks the input with the contract, then sends it; a refusal shows on the form. */
  const submit = async <S extends z.ZodType, F extends string>(options: SubmitOptions<S, F>) => {
    if (isSubmitting) return;
    const checked = validateWith(options.schema, options.input ?? values, options.fields);
    if (checked.errors) {
      showFailure({ fieldErrors: { ...checked.errors, ...options.moreErrors }, formError: null });
      return;
    }
    if (options.moreErrors && Object.keys(options.moreErrors).length > 0) {
      showFailure({ fieldErrors: options.moreErrors, formError: null });
      return;
    }
    clearErrors();
    setIsSubmitting(true);
    try {
      // Passed the schema; typed loosely only because a generic schema's output may hold undefined.
      await options.send(checked.data as z.output<S>);
      if (!options.isLeavingOnSuccess) setIsSubmitting(false);
    } catch (error) {
      setIsSubmitting(false);
      const failure = formFailureFrom(error, {
        fields: options.fields,
        handledErrorCodes: options.handledErrorCodes,
      });
      showFailure(options.onFailure?.(failure, error) ?? failure);
    }
  };

  const isDirty = (Object.keys(start) as Field[]).some((field) => start[field] !== values[field]);

  return {
    values,
    setValues,
    setValue,
    patch,
    isDirty,
    textProps,
    fieldErrors,
    setFieldErrors,
    formError,
    setFormError,
    showFailure,
    clearErrors,
    isSubmitting,
    setIsSubmitting,
    submit,
    errorProps,
  };
}

export type FormState<V extends Record<string, unknown>> = ReturnType<typeof useFormState<V>>;
