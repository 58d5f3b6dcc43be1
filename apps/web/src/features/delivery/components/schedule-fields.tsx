import { Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_LEAD_DAYS } from '@tradeport/contract';
import type { MethodFormValues } from '../model/method-form.ts';
import { WEEKDAY_FULL_NAMES } from '../model/method-summary.ts';

/** The days a method runs on, how far ahead, and the time after which an order counts as tomorrow's. */
export function ScheduleFields(props: {
  form: UseFormReturnType<MethodFormValues>;
  timeZone: string;
  disabled: boolean;
}) {
  const { form } = props;
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label="Delivery days"
        description="None ticked: every day."
        {...form.getInputProps('weekdays')}
      >
        <Group mt="xs" gap="sm">
          {WEEKDAY_FULL_NAMES.map((name, index) => (
            <Checkbox key={name} value={String(index + 1)} label={name} disabled={props.disabled} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group grow align="flex-start">
        <NumberInput
          label="Lead time (days)"
          description="0: the same day."
          min={0}
          max={MAX_LEAD_DAYS}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('lead_days')}
        />
        <TextInput
          type="time"
          label="Order cut-off"
          description={`In ${props.timeZone} time; blank: none. Orders from then on count as the next day’s.`}
          {...form.getInputProps('cut_off')}
        />
      </Group>
    </Stack>
  );
}
