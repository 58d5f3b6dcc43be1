import { Anchor, Button, type ComboboxItem, EmptyState, Select, Table, Text } from '@mantine/core';
import { type AccountingConnection, basisPointsToPercent, type TaxRuleLinks } from '@tradeport/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { routePath } from '#lib/routes.ts';
import { showSuccessToast } from '#lib/toasts.ts';
import { CardsOrTable } from '#lib/ui/cards-or-table.tsx';
import { LoadFailedAlert } from '#lib/ui/load-failed-alert.tsx';
import { SectionPanel } from '#lib/ui/section-panel.tsx';
import { type TaxLinkProvider, useTaxLinks } from '../api/accounting-tax-links.ts';
import { providerWords, refusal } from '../model/provider-words.ts';
import { AccountingSkeleton } from './accounting-states.tsx';

type RuleLink = TaxRuleLinks['tax_rules'][number];
type TaxLinks = ReturnType<typeof useTaxLinks>;

const percent = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 4 });

/** The books' rates for sales, as the mapping's GST pickers name them. */
const rateChoices = (rates: TaxRuleLinks['tax_rates']): ComboboxItem[] =>
  rates.map((rate) => ({ value: rate.id, label: `${rate.name} (${percent.format(rate.rate_percent)}%)` }));

// A line's tax rate is chosen by its rate: GST and GST-free lines take the mapping's rates, so
// only a rule at another rate needs its link for invoices to be sent (SyncNotReadyError otherwise).
const MAPPED_RATES: Record<number, string> = {
  1000: 'Lines at 10 % are sent with the mapping’s GST tax rate.',
  0: 'GST-free lines are sent with the mapping’s GST-free tax rate.',
};

/** One rule's picker: choosing a rate links it at once, clearing it unlinks. */
function RatePicker(props: { rule: RuleLink; choices: ComboboxItem[]; taxes: TaxLinks; name: string }) {
  const { rule, taxes, name } = props;
  const { tax_rule: taxRule, link } = rule;
  const saved = link?.external_id ?? null;
  // What was chosen shows while it is saved; a refusal puts back what is saved.
  const [value, setValue] = useState(saved);
  const choices =
    link && !props.choices.some((choice) => choice.value === link.external_id)
      ? [
          { value: link.external_id, label: `${link.external_name} (not in ${name} any more)` },
          ...props.choices,
        ]
      : props.choices;
  const choose = (next: string | null) => {
    if (next === saved) return;
    setValue(next);
    const done = next
      ? taxes.link.mutateAsync({ id: taxRule.id, taxId: next }).then(() => {
          const label = choices.find((choice) => choice.value === next)?.label ?? next;
          showSuccessToast(`${taxRule.name} is sent with ${label}`);
        })
      : taxes.unlink.mutateAsync({ id: taxRule.id }).then(() => showSuccessToast(`${taxRule.name} unlinked`));
    void done.catch(() => setValue(saved));
  };
  return (
    <Select
      aria-label={`${name} tax rate for ${taxRule.name}`}
      placeholder="Not linked"
      data={choices}
      value={value}
      onChange={choose}
      searchable
      clearable
      // Mantine hides its clear button from the keyboard and screen readers: unlinking must not be.
      clearButtonProps={{ 'aria-label': `Unlink ${taxRule.name}`, 'aria-hidden': false, tabIndex: 0 }}
      nothingFoundMessage="No tax rate by that name"
      disabled={taxes.changingIds.has(taxRule.id)}
      size="xs"
    />
  );
}

function TaxRulesTable(props: { data: TaxRuleLinks; taxes: TaxLinks; name: string }) {
  const { data, taxes, name } = props;
  const choices = rateChoices(data.tax_rates);
  const rule = (item: RuleLink) => (
    <>
      <Text size="sm" fw={600}>
        {item.tax_rule.name}
      </Text>
      {MAPPED_RATES[item.tax_rule.rate_basis_points] && (
        <Text size="xs" c="dimmed">
          {MAPPED_RATES[item.tax_rule.rate_basis_points]}
        </Text>
      )}
    </>
  );
  const rate = (item: RuleLink) => `${basisPointsToPercent(item.tax_rule.rate_basis_points)} %`;
  // Keyed by the saved link, so a change seen on the next load starts the picker afresh.
  const key = (item: RuleLink) => `${item.tax_rule.id}:${item.link?.external_id ?? ''}`;
  const picker = (item: RuleLink) => <RatePicker rule={item} choices={choices} taxes={taxes} name={name} />;
  return (
    <CardsOrTable
      label={`Tax rules and their ${name} tax rates`}
      minWidth={600}
      head={
        <Table.Tr>
          <Table.Th>Tax rule</Table.Th>
          <Table.Th ta="right">Rate</Table.Th>
          <Table.Th>{name} tax rate</Table.Th>
        </Table.Tr>
      }
      rows={() =>
        data.tax_rules.map((item) => (
          <Table.Tr key={key(item)}>
            <Table.Th scope="row" fw="normal">
              {rule(item)}
            </Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {rate(item)}
            </Table.Td>
            <Table.Td miw={240}>{picker(item)}</Table.Td>
          </Table.Tr>
        ))
      }
      cards={() =>
        data.tax_rules.map((item) => (
          <li key={key(item)} aria-label={item.tax_rule.name}>
            {rule(item)}
            <Text size="sm">{rate(item)}</Text>
            {picker(item)}
          </li>
        ))
      }
    />
  );
}

function NoTaxRules() {
  return (
    <EmptyState
      title="No tax rules"
      description="Lines are taxed at GST or GST-free, which the mapping sends. Tax rules at other rates show here once added."
    >
      <EmptyState.Actions>
        <Button component={Link} to={routePath('/taxes')} variant="default">
          Go to Taxes
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/**
 * CONNECTED (Xero): which of the books' tax rates each tax rule's lines are sent with. An invoice
 * with a line at a rule's rate fails to send until that rule is linked.
 */
export function TaxLinksSection(props: { provider: TaxLinkProvider; connection: AccountingConnection }) {
  const { provider, connection } = props;
  const { name } = providerWords(provider);
  const taxes = useTaxLinks(provider, connection.tenant?.id ?? null);
  const { list } = taxes;

  let content;
  if (list.data) {
    content =
      list.data.tax_rules.length === 0 ? (
        <NoTaxRules />
      ) : (
        <TaxRulesTable data={list.data} taxes={taxes} name={name} />
      );
  } else if (list.isError) {
    content = (
      <LoadFailedAlert
        title={`We could not load your tax rules and ${name} tax rates`}
        message={refusal(list.error, `${name} could not be reached.`)}
        onRetry={() => void list.refetch()}
      />
    );
  } else {
    content = <AccountingSkeleton label={`Loading your tax rules and ${name} tax rates`} />;
  }

  return (
    <SectionPanel title="Taxes">
      <Text>
        Choose the {name} tax rate each tax rule’s lines are sent with. An invoice with a line at a rule’s
        rate is not sent until that rule is linked: it is listed under Sync, to retry once it is. Rules are
        set under{' '}
        <Anchor component={Link} to={routePath('/taxes')}>
          Taxes
        </Anchor>
        .
      </Text>
      {content}
    </SectionPanel>
  );
}
