import { Divider, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useCredit } from '../api/credit-detail.ts';
import { openRecordOf, withoutOpenRecord } from '../model/open-record.ts';
import { creditTitle } from '../model/payment-labels.ts';
import { CreditActions } from './credit-actions.tsx';
import { CreditDetails } from './credit-details.tsx';
import { RecordDrawer } from './record-drawer.tsx';

/** The credit the address names (`?credit=<id>`), over Account Credits. */
export function CreditDrawer(props: { view: 'merchant' | 'customer' }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const creditId = openRecordOf(searchParams, 'credit');
  const query = useCredit(creditId);
  const credit = query.data;
  const close = () => setSearchParams(withoutOpenRecord(searchParams, 'credit'), { replace: true });
  return (
    <RecordDrawer
      opened={creditId !== null}
      title={credit ? creditTitle(credit) : 'Credit'}
      what="credit"
      query={query}
      onClose={close}
    >
      {credit && (
        <Stack gap="lg">
          {props.view === 'merchant' && <CreditActions credit={credit} />}
          {props.view === 'merchant' && <Divider />}
          <CreditDetails credit={credit} view={props.view} />
        </Stack>
      )}
    </RecordDrawer>
  );
}
