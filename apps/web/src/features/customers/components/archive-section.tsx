import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Customer } from '@tradeport/contract';
import { showSuccessToast } from '#lib/toasts.ts';
import { isConflict, useUpdateCustomer } from '../api/update-customer.ts';
import { detailsBodyOf } from '../model/customer-form.ts';
import { Section } from './section.tsx';
import { CONFLICT_MESSAGE } from './details-section.tsx';

const HOUSE_ACCOUNT_REASON =
  'The house account cannot be archived: it is how you view the portal and order as your own customer.';

/** Archive or restore, always after a confirmation; never for the house account. */
export function ArchiveSection({ customer }: { customer: Customer }) {
  const [isConfirmOpen, confirm] = useDisclosure(false);
  const update = useUpdateCustomer();
  const isArchiving = !customer.archived;
  const action = isArchiving ? 'Archive customer' : 'Restore customer';

  const close = () => {
    update.reset();
    confirm.close();
  };

  const onConfirm = () => {
    update.mutate(
      {
        customerId: customer.id,
        details: detailsBodyOf(customer),
        archived: isArchiving,
        version: customer.version,
      },
      {
        onSuccess: (saved) => {
          confirm.close();
          showSuccessToast(`${saved.title} ${saved.archived ? 'archived' : 'restored'}`);
        },
      },
    );
  };

  let description: string;
  if (customer.is_house_account) description = HOUSE_ACCOUNT_REASON;
  else if (isArchiving) {
    description =
      'Archive a customer you no longer sell to. It leaves your active customers; its orders, invoices and people are kept, and you can restore it at any time.';
  } else description = 'This customer is archived. Restore it to bring it back to your active customers.';

  return (
    <Section title={isArchiving ? 'Archive' : 'Restore'} description={description}>
      <Group>
        <Button
          color={isArchiving ? 'red' : undefined}
          variant={isArchiving ? 'light' : 'filled'}
          disabled={customer.is_house_account}
          onClick={confirm.open}
        >
          {action}
        </Button>
      </Group>
      <Modal
        opened={isConfirmOpen}
        onClose={close}
        title={`${isArchiving ? 'Archive' : 'Restore'} ${customer.title}?`}
      >
        <Stack gap="md">
          {isConflict(update.error) && (
            <Alert color="yellow" variant="light" role="alert" title={CONFLICT_MESSAGE}>
              We have loaded the latest version. Check it, then try again.
            </Alert>
          )}
          <Text size="sm">
            {isArchiving
              ? `${customer.title} will move to your archived customers. Its orders, invoices and people are kept, and you can restore it at any time.`
              : `${customer.title} will be back among your active customers.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={update.isPending}>
              Cancel
            </Button>
            <Button color={isArchiving ? 'red' : undefined} loading={update.isPending} onClick={onConfirm}>
              {action}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
