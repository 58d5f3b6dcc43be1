import { Anchor, Fieldset, Radio, Select, Stack, Text } from '@mantine/core';
import { GST_ROUNDING_LABELS, GST_ROUNDINGS, timeZoneNames } from '@tradeport/contract';
import { Link } from 'react-router';
import { routePath } from '#lib/routes.ts';

/** What `form.getInputProps(field)` gives. */
type Input = {
  value?: unknown;
  onChange: (value: unknown) => void;
  error?: unknown;
  onFocus?: () => void;
  onBlur?: () => void;
};

/**
 * The organisation's time zone (a merchant's delivery cut-offs and date filters are its own
 * day's) and, for a merchant, how it rounds GST. Every merchant rounds somehow, so the choice is
 * here unless advanced tax gives it its own page (`rounding` absent, with a pointer there).
 */
export function TimeAndTaxFields(props: {
  timeZone: Input;
  rounding?: Input;
  isRoundingOnTaxesPage?: boolean;
  disabled?: boolean;
}) {
  const { timeZone, rounding } = props;
  return (
    <Fieldset
      legend={rounding || props.isRoundingOnTaxesPage ? 'Time and tax' : 'Time'}
      disabled={props.disabled}
    >
      <Stack gap="md">
        <Select
          label="Time zone"
          description="Delivery cut-offs, dates and reports follow this zone."
          data={timeZoneNames() as string[]}
          searchable
          limit={60}
          required
          allowDeselect={false}
          nothingFoundMessage="No time zone by that name"
          value={(timeZone.value as string) || null}
          onChange={(value) => timeZone.onChange(value ?? '')}
          error={timeZone.error as string | undefined}
          onFocus={timeZone.onFocus}
          onBlur={timeZone.onBlur}
        />
        {rounding && (
          <Radio.Group
            label="GST rounding"
            description="Match your accounting system, so invoices agree with it to the cent."
            value={rounding.value as string}
            onChange={(value) => rounding.onChange(value)}
            error={rounding.error as string | undefined}
          >
            <Stack gap="xs" mt="xs">
              {GST_ROUNDINGS.map((choice) => (
                <Radio
                  key={choice}
                  value={choice}
                  label={GST_ROUNDING_LABELS[choice].label}
                  description={GST_ROUNDING_LABELS[choice].explanation}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {props.isRoundingOnTaxesPage && (
          <Text size="sm" c="dimmed">
            GST rounding and tax rules are set on the{' '}
            {/* Underlined: within a sentence a link must not differ by colour alone (WCAG 1.4.1). */}
            <Anchor component={Link} to={routePath('/taxes')} underline="always">
              Taxes
            </Anchor>{' '}
            page.
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
