import { Stack, Title } from '@mantine/core';
import { addDays, DEFAULT_OVERVIEW_PERIOD, OverviewQuery } from '@tradeport/contract';
import { todayInBrowser } from '#lib/format.ts';
import { useSearchParams } from 'react-router';
import { ListPageHeader } from '#lib/ui/list-page-header.tsx';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { useReceivablesOverview } from '../api/overview.ts';
import { periodChoiceOf, periodErrors, periodFromSearch, withPeriod } from '#shared/period/period.ts';
import { OverviewSkeleton } from './overview-skeleton.tsx';
import { OwedFigures } from './owed-figures.tsx';
import { PeriodFields } from '#shared/period/period-fields.tsx';
import { ReceivedSection } from './received-section.tsx';

const LAST_30_DAYS = 30;

/**
 * The merchant's overview: money received in a period (kept in the address), by method, and
 * what customers owe now with how overdue it is.
 */
export function MerchantOverview() {
  const [search, setSearch] = useSearchParams();
  const value = periodFromSearch(search, DEFAULT_OVERVIEW_PERIOD);
  const errors = periodErrors(value, OverviewQuery);
  const isValid = Object.keys(errors).length === 0;
  const query = useReceivablesOverview(isValid ? periodChoiceOf(value) : null);
  const overview = query.data;
  const isUpdating = query.isPlaceholderData && query.isFetching;

  const customStart = () => {
    if (overview) return overview.period;
    const today = todayInBrowser();
    return { from: addDays(today, 1 - LAST_30_DAYS), to: today };
  };

  let content;
  if (overview) {
    content = (
      <Stack
        gap="xl"
        aria-busy={isUpdating || undefined}
        style={{ opacity: isUpdating ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <ReceivedSection overview={overview} />
        <Stack gap="md" component="section" aria-labelledby="owed-heading">
          <Title order={2} id="owed-heading" size="h3">
            Owed now
          </Title>
          <OwedFigures figures={overview} owedLabel="Outstanding" />
        </Stack>
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <LoadFailedAlert
        title="We could not load the overview"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (isValid) {
    content = <OverviewSkeleton label="Loading the overview" />;
  }

  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Payments overview"
        description="Money received in a period, and what your customers owe now and how overdue it is."
      />
      <PeriodFields
        value={value}
        errors={errors}
        onChange={(next) => setSearch(withPeriod(search, next), { replace: true })}
        customStart={customStart}
      />
      {content}
    </Stack>
  );
}
