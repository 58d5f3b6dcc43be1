import { Select } from '@mantine/core';

/** A contract enum's schema, as far as this needs it. */
type EnumSchema<T extends string> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

/**
 * A list filter's one choice among a contract enum's values: clearable, with a clear button
 * keyboards and screen readers reach (Mantine hides its own from both), and only a value of the
 * enum ever reaches `onChange` (null when cleared).
 */
export function EnumFilterSelect<T extends string>(props: {
  label: string;
  placeholder: string;
  data: readonly { value: string; label: string }[];
  schema: EnumSchema<T>;
  value: T | null;
  onChange: (value: T | null) => void;
  w?: number;
}) {
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder}
      data={props.data}
      value={props.value}
      onChange={(value) => {
        const parsed = props.schema.safeParse(value);
        props.onChange(parsed.success ? parsed.data : null);
      }}
      clearable
      clearButtonProps={{
        'aria-label': `Clear ${props.label.toLowerCase()}`,
        'aria-hidden': false,
        tabIndex: 0,
      }}
      w={props.w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
