import { useState } from 'react';
import type { FieldErrors } from './field-errors.ts';

/**
 * Form values and their errors. Changing a field clears its error, so a stale message never sits
 * beside a corrected value; `isDirty` says whether anything differs from where the form started.
 */
export function useFormValues<V extends Record<string, unknown>>(initial: V) {
  const [start] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});

  const patch = (changes: Partial<V>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const changed = Object.keys(changes).filter((field) => field in current);
      if (changed.length === 0) return current;
      const next = { ...current };
      for (const field of changed) delete next[field as keyof V & string];
      return next;
    });
  };

  const isDirty = (Object.keys(start) as (keyof V)[]).some((field) => start[field] !== values[field]);
  return { values, patch, isDirty, errors, setErrors };
}
