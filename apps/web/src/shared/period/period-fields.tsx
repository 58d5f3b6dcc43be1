import { Group, NativeSelect, TextInput } from '@mantine/core';
import { ReportDatePreset } from '@tradeport/contract';
import { errorProps } from '#lib/forms/use-contract-form.ts';
import { REPORT_PERIOD_OPTIONS } from '#lib/report-periods.ts';
import { CUSTOM, type PeriodErrors, type PeriodValue } from './period.ts';

const OPTIONS = [...REPORT_PERIOD_OPTIONS, { value: CUSTOM, label: 'Custom dates' }];
const DATE_WIDTH = 170;

/**
 * A period: one of SPEC §3's presets, or "Custom dates" with a first and last day (both
 * included). Choosing custom starts from `customStart` (the period on screen), so the days are
 * a valid period at once and only need changing.
 */
export function PeriodFields(props: {
  value: PeriodValue;
  errors: PeriodErrors;
  onChange: (value: PeriodValue) => void;
  customStart: () => { from: string; to: string };
  disabled?: boolean;
}) {
  const { value, errors } = props;
  const isCustom = value.pick === CUSTOM;
  return (
    <Group align="flex-start" gap="md">
      <NativeSelect
        label="Period"
        data={OPTIONS}
        value={value.pick}
        error={errors.pick}
        errorProps={errorProps}
        disabled={props.disabled}
        onChange={(event) => {
          const picked = event.currentTarget.value;
          const preset = ReportDatePreset.safeParse(picked);
          if (preset.success) props.onChange({ pick: preset.data, from: '', to: '' });
          else if (picked === CUSTOM) props.onChange({ pick: CUSTOM, ...props.customStart() });
        }}
        w={DATE_WIDTH}
      />
      {isCustom && (
        <>
          <TextInput
            type="date"
            label="From"
            value={value.from}
            max={value.to || undefined}
            error={errors.from}
            errorProps={errorProps}
            aria-invalid={errors.from ? true : undefined}
            disabled={props.disabled}
            onChange={(event) => props.onChange({ ...value, from: event.currentTarget.value })}
            w={DATE_WIDTH}
          />
          <TextInput
            type="date"
            label="To"
            value={value.to}
            min={value.from || undefined}
            error={errors.to}
            errorProps={errorProps}
            aria-invalid={errors.to ? true : undefined}
            disabled={props.disabled}
            onChange={(event) => props.onChange({ ...value, to: event.currentTarget.value })}
            w={DATE_WIDTH}
          />
        </>
      )}
    </Group>
  );
}
