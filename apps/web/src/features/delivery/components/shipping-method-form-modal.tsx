import { Button, Divider, Group, Modal, Radio, Stack, Switch, TextInput } from '@mantine/core';
import { createShippingMethod, type ShippingMethod } from '@tradeport/contract';
import { useState } from 'react';
import { bodySchemaOf } from '#lib/forms/body-schema.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { useIsPhone } from '#lib/use-is-phone.ts';
import { METHOD_FORM_ERROR_CODES } from '../api/delivery-keys.ts';
import { useMethodCustomers } from '../api/method-customers.ts';
import { useSaveShippingMethod } from '../api/save-shipping-method.ts';
import {
  customerChanges,
  EMPTY_METHOD_VALUES,
  METHOD_FIELD_ALIASES,
  methodFormErrors,
  methodInputOf,
  methodValuesOf,
} from '../model/method-form.ts';
import { FeeFields } from './fee-fields.tsx';
import { type ChosenCustomer, OfferedToField } from './offered-to-field.tsx';
import { ScheduleFields } from './schedule-fields.tsx';

type Props = {
  /** The method being edited; null to add one. */
  method: ShippingMethod | null;
  timeZone: string;
};

function MethodForm(props: Props & { label: string; onDone: () => void }) {
  const { method } = props;
  const save = useSaveShippingMethod();
  const assigned = useMethodCustomers(method?.id ?? null);
  const loaded: ChosenCustomer[] = (assigned.data ?? []).map((c) => ({ id: c.customer_id, title: c.title }));
  // The person's own changes to the chosen customers, once they make one; until then, what is stored.
  const [edited, setEdited] = useState<ChosenCustomer[] | null>(null);
  const chosen = edited ?? loaded;

  const { form, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: method ? methodValuesOf(method) : EMPTY_METHOD_VALUES,
    schema: bodySchemaOf(createShippingMethod),
    toInput: methodInputOf,
    moreErrors: methodFormErrors,
    aliases: METHOD_FIELD_ALIASES,
    handledErrorCodes: METHOD_FORM_ERROR_CODES,
    onSubmit: async (body, values) => {
      const before = loaded.map((c) => c.id);
      const customers =
        values.audience === 'chosen'
          ? customerChanges(
              before,
              chosen.map((c) => c.id),
            )
          : { add: [], remove: [] };
      const saved = await save.mutateAsync({ method, body, customers });
      showSuccessToast(`“${saved.name}” ${method ? 'saved' : 'added'}`);
      props.onDone();
    },
    isLeavingOnSuccess: true,
  });

  return (
    <form {...formProps} aria-label={props.label}>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <TextInput label="Name" required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <Radio.Group label="Kind" {...form.getInputProps('kind')}>
          <Group mt="xs">
            <Radio value="DELIVERY" label="Delivery" disabled={isSubmitting} />
            <Radio value="PICK_UP" label="Pick-up" disabled={isSubmitting} />
          </Group>
        </Radio.Group>
        <Divider />
        <FeeFields form={form} disabled={isSubmitting} />
        <Divider />
        <ScheduleFields form={form} timeZone={props.timeZone} disabled={isSubmitting} />
        <Divider />
        <OfferedToField
          form={form}
          chosen={chosen}
          isLoadingChosen={method !== null && assigned.isPending}
          loadFailed={assigned.isError}
          disabled={isSubmitting}
          onChange={setEdited}
        />
        <Switch
          label="Active"
          description="A paused method is not offered to anyone."
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button {...submitProps}>{method ? 'Save' : 'Add delivery method'}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Add or edit one method. The form lives inside the modal, which unmounts it on close, so each
 * opening starts from the method (or blank) rather than from the last attempt. Full screen on a
 * phone, where a centred dialog would leave no room for the fields.
 */
export function ShippingMethodFormModal(props: Props & { opened: boolean; onClose: () => void }) {
  const isPhone = useIsPhone();
  const label = props.method ? `Edit ${props.method.name}` : 'Add delivery method';
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={label} size="lg" fullScreen={isPhone}>
      <MethodForm
        key={props.method?.id ?? 'new'}
        method={props.method}
        timeZone={props.timeZone}
        label={label}
        onDone={props.onClose}
      />
    </Modal>
  );
}
