import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TaxRule } from '@tradeport/contract';
import { useState } from 'react';
import { ApiError } from '#lib/api-error.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { FormErrorAlert } from '#lib/ui/form-error-alert.tsx';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { ProductPickerModal } from '#shared/product-groups/components/product-picker-modal.tsx';
import {
  CreateTaxRuleBody,
  RULE_FORM_ERROR_CODES,
  UpdateTaxRuleBody,
  useSaveTaxRule,
  useTaxRule,
} from '../api/taxes-api.ts';
import { RULE_FIELD_ALIASES, rateErrors, ruleInputOf, ruleValuesOf } from '../model/rule-form.ts';
import { CategoryChooser } from './category-chooser.tsx';
import { RuleProductList } from './rule-product-list.tsx';

/** A 409 that names no field: someone else saved the rule since it was opened. */
const isStaleEdit = (error: unknown) =>
  error instanceof ApiError && error.code === 'CONFLICT' && !error.body?.details?.length;

function RuleForm(props: { rule: TaxRule | null; onDone: () => void; onStale: () => void }) {
  const { rule } = props;
  const save = useSaveTaxRule(rule?.id ?? null);
  const [isPickerOpen, picker] = useDisclosure(false);
  const { form, formError, formProps, submitProps, isSubmitting } = useContractForm({
    initialValues: ruleValuesOf(rule),
    schema: rule ? UpdateTaxRuleBody : CreateTaxRuleBody,
    toInput: (values) => ({ ...ruleInputOf(values), ...(rule ? { version: rule.version } : {}) }),
    moreErrors: rateErrors,
    aliases: RULE_FIELD_ALIASES,
    handledErrorCodes: RULE_FORM_ERROR_CODES,
    onSubmit: async (body) => {
      const saved = await save.mutateAsync(body);
      showSuccessToast(`“${saved.name}” ${rule ? 'saved' : 'added'}`);
      props.onDone();
    },
    onFailure: (failure, error) => {
      if (rule && isStaleEdit(error)) {
        props.onStale();
        return { fieldErrors: {}, formError: null };
      }
      return failure;
    },
  });
  const chosen = new Set(form.values.products.map((product) => product.id));
  const productsError = form.errors.products;

  return (
    <form {...formProps} aria-label={rule ? 'Edit tax rule' : 'Add tax rule'}>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <TextInput label="Name" required maxLength={80} data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Rate (%)"
          description="The GST charged on these products instead of 10 %: 0 for none, up to 100, two decimals at most."
          required
          inputMode="decimal"
          rightSection="%"
          {...form.getInputProps('rate_percent')}
        />
        <Textarea
          label="Description"
          description="Optional. Why these products have this rate, for your team."
          rows={2}
          maxLength={500}
          {...form.getInputProps('description')}
        />
        <CategoryChooser
          value={form.values.category_ids}
          onChange={(ids) => form.setFieldValue('category_ids', ids)}
          known={rule?.categories ?? []}
          error={form.errors.category_ids}
        />
        <RuleProductList
          products={form.values.products}
          onRemove={(id) =>
            form.setFieldValue(
              'products',
              form.values.products.filter((product) => product.id !== id),
            )
          }
          onAdd={picker.open}
          error={typeof productsError === 'string' ? productsError : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button {...submitProps}>{rule ? 'Save rule' : 'Add rule'}</Button>
        </Group>
      </Stack>
      <ProductPickerModal
        opened={isPickerOpen}
        onClose={picker.close}
        targetName={form.values.name || 'this rule'}
        note="Products in this rule are charged its rate instead of GST’s. A product may be in one rule only."
        renderAdd={(product) =>
          chosen.has(product.id) ? (
            <Text size="sm" c="dimmed">
              Added
            </Text>
          ) : (
            <Button
              size="xs"
              variant="light"
              aria-label={`Add ${product.name}`}
              onClick={() =>
                form.setFieldValue('products', [
                  ...form.values.products,
                  { id: product.id, name: product.name, sku: product.sku, is_active: product.is_active },
                ])
              }
            >
              Add
            </Button>
          )
        }
      />
    </form>
  );
}

function EditRule(props: { ruleId: string; onDone: () => void }) {
  const query = useTaxRule(props.ruleId);
  const [isStale, setIsStale] = useState(false);
  if (query.isPending) return <Loader size="sm" role="status" aria-label="Loading the tax rule" />;
  if (query.isError)
    return <LoadFailedAlert title="We could not load this tax rule" onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="md">
      {isStale && (
        <Alert color="yellow" variant="light" role="alert" title="Tax rule changed meanwhile">
          Someone else saved this rule while you were editing. Their version is shown below; make your changes
          again and save.
        </Alert>
      )}
      {/* A new version (someone else's, read again) starts the form afresh from it. */}
      <RuleForm
        key={query.data.version}
        rule={query.data}
        onDone={props.onDone}
        onStale={() => {
          setIsStale(true);
          void query.refetch();
        }}
      />
    </Stack>
  );
}

/** Add a rule (`ruleId` null) or edit one; the form is unmounted on close, so each opening starts afresh. */
export function TaxRuleModal(props: { ruleId: string | null; opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.ruleId ? 'Edit tax rule' : 'Add tax rule'}
      size="lg"
    >
      {props.ruleId ? (
        <EditRule ruleId={props.ruleId} onDone={props.onClose} />
      ) : (
        <RuleForm rule={null} onDone={props.onClose} onStale={() => undefined} />
      )}
    </Modal>
  );
}
