import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentAccount } from '#lib/current-account.ts';
import { QueryStatus } from '#lib/ui/query-status.tsx';
import { useTaxSettings } from '../api/taxes-api.ts';
import { RoundingSection } from '../components/rounding-section.tsx';
import { TaxRulesSection } from '../components/tax-rules-section.tsx';

/**
 * /taxes (SPEC §2, offered in the menu only with advanced tax): how GST is rounded and the rules
 * that set other rates. Reached by its address without advanced tax, it says what applies instead.
 */
export function TaxesScreen() {
  const { data: currentUser } = useCurrentAccount();
  const query = useTaxSettings();
  const isAdvancedTax = currentUser?.settings.advanced_tax_enabled ?? false;

  return (
    <Stack gap="xl" maw={960}>
      <Stack gap={4}>
        <Title order={1}>Taxes</Title>
        <Text c="dimmed">GST of 10 % applies to taxable products unless a rule below says otherwise.</Text>
      </Stack>
      {currentUser && !isAdvancedTax && (
        <Alert color="blue" variant="light" title="Advanced tax is not switched on">
          Every taxable product is charged GST of 10 % and GST-free products none. GST rounding is chosen on{' '}
          <Anchor component={Link} to="/organisations/details">
            Organisation details
          </Anchor>
          .
        </Alert>
      )}
      <QueryStatus
        query={query}
        loadingLabel="Loading tax settings"
        errorTitle="Tax settings could not be loaded"
      />
      {query.data && (
        <>
          <RoundingSection settings={query.data} onStale={() => void query.refetch()} />
          <TaxRulesSection rules={query.data.rules} />
        </>
      )}
    </Stack>
  );
}
