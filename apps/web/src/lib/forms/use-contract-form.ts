import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { type FormEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { isForbidden } from '../admin-only-reason.ts';
import { type FormFailure, failureFrom, placeIssues } from './place-errors.ts';

// Field errors are announced as they appear, like the alert above the form.
export const errorProps = { role: 'alert' } as const;

// Where a client-side check that fits no field waits for the alert above the form.
const FORM_ERROR_KEY = '__form__';

type Values = Record<string, unknown>;

export type ContractFormOptions<V extends Values, S extends z.ZodType> = {
  initialValues: V;
  /**
   * The contract schema the input must pass before anything is sent (usually an endpoint's body);
   * what it outputs is sent. A loader keeps the contract (and zod) out of a screen's first load.
   */
  schema: S | (() => Promise<S>);
  /** The schema's input from the form's values where they differ (blank text → null, dollars → cents). */
  toInput?: (values: V) => unknown;
  /** Checks of the form's own beyond the schema's; for the same field they win. */
  moreErrors?: (values: V) => Partial<Record<keyof V & string, string>>;
  /** Inputs kept outside the values (a bot check) whose refusals still show beside them. */
  otherFields?: readonly string[];
  /** Wire names that land on fields with other names, e.g. credit_limit_cents → credit_limit. */
  aliases?: Readonly<Record<string, string>>;
  /** Refusals the form shows itself (pass them to `request` too, so they raise no toast). */
  handledErrorCodes: readonly string[];
  onSubmit: (body: z.output<S>, values: V) => Promise<unknown>;
  /** What a refusal shows, where that is not simply the fields the server named. */
  onFailure?: (failure: FormFailure, error: unknown) => FormFailure | void;
  /** The page moves on after a success, so the form stays busy until it has gone. */
  isLeavingOnSuccess?: boolean;
};

/**
 * A `@mantine/form` form checked by a contract schema (through `schemaResolver`), with the one
 * submit style every form shares: Enter or the submit button sends once, inputs are disabled and
 * the button loading while it is on its way, and a refusal lands on the fields the server named,
 * or in the alert above the form (`formError`) when it names none the form has; the first field
 * in error then has the focus.
 */
export function useContractForm<V extends Values, S extends z.ZodType>(options: ContractFormOptions<V, S>) {
  const [formError, setFormError] = useState<string | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  // State updates land after the event; a second Enter in the same tick must already see "busy".
  const isBusy = useRef(false);
  const loaded = useRef<S | null>(typeof options.schema === 'function' ? null : options.schema);
  const fields = [...Object.keys(options.initialValues), ...(options.otherFields ?? [])];
  const toInput = options.toInput ?? ((values: V) => values);

  const schema = async (): Promise<S> => {
    if (typeof options.schema !== 'function') return options.schema;
    loaded.current ??= await options.schema();
    return loaded.current;
  };

  const errorsOf = (values: V, checked: S): FormErrors => {
    const found = schemaResolver(checked, { sync: true })(toInput(values));
    const issues = Object.entries(found).map(([path, message]) => ({ path, message: String(message) }));
    const { fieldErrors, unplaced } = placeIssues(issues, { fields, aliases: options.aliases });
    const errors: FormErrors = { ...fieldErrors };
    for (const [field, message] of Object.entries(options.moreErrors?.(values) ?? {})) {
      if (message) errors[field] = message;
    }
    if (unplaced[0] !== undefined) errors[FORM_ERROR_KEY] = unplaced[0];
    return errors;
  };

  const check = (values: V) =>
    loaded.current ? errorsOf(values, loaded.current) : schema().then((s) => errorsOf(values, s));
  // Mantine's setters change whenever the rules do; one stable rule reading the latest options
  // keeps them stable, so effects that set a value do not run again on every render.
  const latestCheck = useRef(check);
  useLayoutEffect(() => {
    latestCheck.current = check;
  });
  const validate = useCallback((values: V) => latestCheck.current(values), []);

  const form = useForm<V>({
    initialValues: options.initialValues,
    validate,
    enhanceGetInputProps: ({ inputProps, options: input, form: current }) => ({
      // Checkboxes and switches have no error element to mark, and would pass the prop to the DOM.
      ...(input.type === 'checkbox' ? {} : { errorProps }),
      // Mantine marks a PasswordInput's wrapper, not its input, as invalid; this marks the input itself.
      'aria-invalid': inputProps.error ? true : undefined,
      disabled: current.submitting || isLeaving || undefined,
    }),
  });

  const formElement = useRef<HTMLFormElement | null>(null);
  // The first field in trouble gets the focus, so a keyboard user lands on what to fix; after
  // the render that marks it.
  const focusFirstError = () =>
    setTimeout(() => formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);

  const showFailure = (failure: FormFailure) => {
    form.setErrors(failure.fieldErrors);
    setFormError(failure.formError);
    if (Object.keys(failure.fieldErrors).length > 0) focusFirstError();
  };

  const send = async (values: V) => {
    let isGone = false;
    try {
      // The values passed the schema just now; parsing again gives its output (trimmed, converted).
      const body = (await schema()).parse(toInput(values)) as z.output<S>;
      await options.onSubmit(body, values);
      isGone = options.isLeavingOnSuccess === true;
      if (isGone) setIsLeaving(true);
    } catch (error) {
      // The level this screen holds is out of date (an Admin made this person a User meanwhile):
      // reload it, so the controls they can no longer use say so. Loaded on demand: forms before
      // sign-in have no query cache to reload.
      if (isForbidden(error)) void import('../access.ts').then((access) => access.refreshAccess());
      const failure = failureFrom(error, {
        fields,
        aliases: options.aliases,
        handledErrorCodes: options.handledErrorCodes,
      });
      showFailure(options.onFailure?.(failure, error) ?? failure);
    } finally {
      if (!isGone) isBusy.current = false;
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy.current) return;
    isBusy.current = true;
    formElement.current = event.currentTarget;
    setFormError(null);
    form.onSubmit(send, (errors) => {
      isBusy.current = false;
      const unplaced = errors[FORM_ERROR_KEY];
      setFormError(typeof unplaced === 'string' ? unplaced : null);
      focusFirstError();
    })(event);
  };

  const isSubmitting = form.submitting || isLeaving;

  /** The message on a field the form draws itself (a picture, a bot check) rather than through getInputProps. */
  const fieldError = (field: string): string | undefined => {
    const error = form.errors[field];
    return typeof error === 'string' ? error : undefined;
  };

  return {
    form,
    fieldError,
    formError,
    setFormError,
    showFailure,
    isSubmitting,
    /** Spread on the `<form>`: the browser's own checks are off, the contract's speak instead. */
    formProps: { onSubmit, noValidate: true },
    /** Spread on the submit button. */
    submitProps: { type: 'submit', loading: isSubmitting } as const,
  };
}
