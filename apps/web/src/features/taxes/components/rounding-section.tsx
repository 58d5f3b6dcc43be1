import { Alert, Radio, Stack, Text } from '@mantine/core';
import { GST_ROUNDING_LABELS, GST_ROUNDINGS, type TaxSettings } from '@tradeport/contract';
import { useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { ADMIN_ONLY_REASON, forbiddenMessage, isForbidden, useIsAdmin } from '#lib/access.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { TitledSection } from '#lib/ui/titled-section.tsx';
import { useUpdateRounding } from '../api/taxes-api.ts';

/**
 * Per line or per invoice: saved as soon as it is chosen, with the organisation's version, so a
 * change made elsewhere meanwhile (Organisation details) is refused and the saved choice shown.
 */
export function RoundingSection(props: { settings: TaxSettings; onStale: () => void }) {
  const { settings } = props;
  const isAdmin = useIsAdmin();
  const update = useUpdateRounding();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (value: string) => {
    setProblem(null);
    try {
      await update.mutateAsync({
        gst_rounding: value as (typeof GST_ROUNDINGS)[number],
        version: settings.version,
      });
      showSuccessToast(`GST is now rounded ${GST_ROUNDING_LABELS[value as 'PER_LINE'].label.toLowerCase()}`);
    } catch (error) {
      if (isForbidden(error)) setProblem(forbiddenMessage(error));
      else if (error instanceof ApiError && error.code === 'CONFLICT') {
        setProblem('These settings changed while you were looking. The saved choice is shown; choose again.');
        props.onStale();
      }
      // Anything else the API client has already shown as a toast.
    }
  };

  return (
    <TitledSection title="GST rounding" headingId="gst-rounding-heading">
      {problem && (
        <Alert color="orange" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Radio.Group
        aria-labelledby="gst-rounding-heading"
        description="Match your accounting system, so invoices agree with it to the cent."
        value={settings.gst_rounding}
        onChange={(value) => void choose(value)}
      >
        <Stack gap="sm" mt="xs">
          {GST_ROUNDINGS.map((choice) => (
            <Radio
              key={choice}
              value={choice}
              label={GST_ROUNDING_LABELS[choice].label}
              description={GST_ROUNDING_LABELS[choice].explanation}
              disabled={!isAdmin || update.isPending}
            />
          ))}
        </Stack>
      </Radio.Group>
      {!isAdmin && (
        <Text size="sm" c="dimmed">
          {ADMIN_ONLY_REASON}
        </Text>
      )}
    </TitledSection>
  );
}
