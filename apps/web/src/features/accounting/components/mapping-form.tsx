import { Button, Fieldset, Group, Radio, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  ACCOUNTING_PUSH_TRIGGERS,
  type AccountingBooks,
  type AccountingConnection,
  AccountingMappingInput,
  type ServedAccountingProvider,
} from '@tradeport/contract';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { ACCOUNTING_REFUSALS, isConflict } from '../api/accounting-connection.ts';
import { useSaveMapping } from '../api/accounting-mapping.ts';
import {
  accountChoices,
  type Choice,
  MAPPED_PAYMENT_METHODS,
  MAPPING_ALIASES,
  mappingValues,
  NONE,
  PUSH_TRIGGER_LABELS,
  paymentField,
  paymentLabel,
  taxRateChoices,
  toMappingInput,
} from '../model/mapping-form.ts';
import { providerWords } from '../model/provider-words.ts';

/** A searchable picker over the books' choices; `none`: the words for leaving it out, when allowed. */
function BooksSelect(props: {
  label: string;
  description?: string;
  choices: Choice[];
  none?: string;
  placeholder?: string;
  nothingFound: string;
  inputProps: object;
}) {
  const data = props.none ? [{ value: NONE, label: props.none }, ...props.choices] : props.choices;
  return (
    <Select
      label={props.label}
      description={props.description}
      placeholder={props.placeholder}
      data={data}
      searchable
      allowDeselect={false}
      nothingFoundMessage={props.nothingFound}
      {...props.inputProps}
    />
  );
}

/**
 * Where Tradeport's amounts land in the books, chosen from the accounts and tax rates the books
 * have now, saved with the connection's version. A stale version (409) reloads the connection,
 * which remounts this form with what was saved meanwhile (`onChanged` says so above the panels).
 */
export function MappingForm(props: {
  provider: ServedAccountingProvider;
  connection: AccountingConnection;
  version: number;
  books: AccountingBooks;
  onChanged: () => void;
}) {
  const { provider, connection, books } = props;
  const { name, showsAccountCodes } = providerWords(provider);
  const saved = connection.mapping;
  const save = useSaveMapping(provider);
  const { form, formError, formProps, submitProps } = useContractForm({
    initialValues: mappingValues(saved),
    schema: AccountingMappingInput,
    toInput: (values) => toMappingInput(values, saved, props.version),
    aliases: MAPPING_ALIASES,
    handledErrorCodes: ACCOUNTING_REFUSALS,
    onSubmit: async (body) => {
      await save.mutateAsync(body);
      showSuccessToast(`${name} mapping saved`);
    },
    onFailure: (_, error) => {
      // The alert above the panels says it; the connection is being loaded again.
      if (!isConflict(error)) return;
      props.onChanged();
      return { fieldErrors: {}, formError: null };
    },
  });

  const accounts = (use: 'REVENUE' | 'PAYMENTS', saved: string | null) =>
    accountChoices({ books, use, saved, showsCodes: showsAccountCodes });
  const income = (code: string | null) => accounts('REVENUE', code);
  const noAccount = 'No income account by that code or name';
  return (
    <form {...formProps} aria-label={`${name} mapping`}>
      <Stack gap="lg">
        <FormErrorAlert message={formError} />
        <Fieldset legend="Income">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BooksSelect
              label="Sales account"
              description="Where what customers are charged for products lands."
              placeholder="Choose an income account"
              choices={income(saved.sales_account_code)}
              nothingFound={noAccount}
              inputProps={form.getInputProps('sales_account_code')}
            />
            <BooksSelect
              label="Freight account"
              description="Where delivery fees land."
              none="Not chosen"
              choices={income(saved.freight_account_code)}
              nothingFound={noAccount}
              inputProps={form.getInputProps('freight_account_code')}
            />
            <BooksSelect
              label="Card surcharge account"
              description="Where card fees passed on to customers land."
              none="Not chosen"
              choices={income(saved.surcharge_account_code)}
              nothingFound={noAccount}
              inputProps={form.getInputProps('surcharge_account_code')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Payment accounts">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {MAPPED_PAYMENT_METHODS.map((method) => (
              <BooksSelect
                key={method}
                label={paymentLabel(method)}
                none="Not sent"
                choices={accounts('PAYMENTS', saved.payment_account_codes[method] ?? null)}
                nothingFound="No account that takes payments by that code or name"
                inputProps={form.getInputProps(paymentField(method))}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="GST">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <BooksSelect
              label="GST tax rate"
              description="For lines that carry GST."
              placeholder="Choose a tax rate"
              choices={taxRateChoices({ books, isTaxed: true, saved: saved.gst_tax_id })}
              nothingFound="No tax rate that charges tax by that name"
              inputProps={form.getInputProps('gst_tax_id')}
            />
            <BooksSelect
              label="GST-free tax rate"
              description="For GST-free lines."
              placeholder="Choose a tax rate"
              choices={taxRateChoices({ books, isTaxed: false, saved: saved.gst_free_tax_id })}
              nothingFound="No tax-free rate by that name"
              inputProps={form.getInputProps('gst_free_tax_id')}
            />
          </SimpleGrid>
        </Fieldset>
        <Radio.Group label="Send invoices" {...form.getInputProps('push_on')}>
          <Stack gap="xs" mt="xs">
            {ACCOUNTING_PUSH_TRIGGERS.map((trigger) => (
              <Radio key={trigger} value={trigger} label={PUSH_TRIGGER_LABELS[trigger]} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button {...submitProps}>Save mapping</Button>
        </Group>
      </Stack>
    </form>
  );
}
