import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import type { AccountingConnection, ServedAccountingProvider } from '@tradeport/contract';
import { useState } from 'react';
import { showSuccessToast } from '#lib/toasts.ts';
import { isConflict, useChooseTenant } from '../api/accounting-connection.ts';
import { fieldProblem, providerWords, refusal } from '../model/provider-words.ts';
import { SectionPanel } from '#lib/ui/section-panel.tsx';

/**
 * CHOOSING_TENANT: the login reaches several organisations (companies…); the merchant chooses the one
 * Tradeport syncs to, with the connection's version (a stale one is 409: reloaded, `onChanged`).
 */
export function TenantChooser(props: {
  provider: ServedAccountingProvider;
  connection: AccountingConnection;
  onChanged: () => void;
}) {
  const { connection } = props;
  const { name, tenant } = providerWords(props.provider);
  const choose = useChooseTenant(props.provider);
  const [tenantId, setTenantId] = useState<string | null>(null);
  const [isMissing, setIsMissing] = useState(false);

  const submit = () => {
    if (!tenantId) {
      setIsMissing(true);
      return;
    }
    if (connection.version === null) return;
    choose.mutate(
      { tenant_id: tenantId, version: connection.version },
      {
        onSuccess: (answer) => showSuccessToast(`Connected to ${answer.tenant?.name ?? name}`),
        onError: (error) => {
          if (isConflict(error)) props.onChanged();
        },
      },
    );
  };

  const tenantProblem = fieldProblem(choose.error, 'tenant_id');
  const otherProblem =
    choose.isError && !tenantProblem && !isConflict(choose.error)
      ? refusal(choose.error, `The ${tenant} was not saved. Try again.`)
      : null;
  return (
    <SectionPanel title={`Choose the ${name} ${tenant}`}>
      <Text>
        Your {name} login reaches several {tenant}s. Choose the one Tradeport works with; to change it later
        you disconnect and connect again.
      </Text>
      <Radio.Group
        label={`${name} ${tenant}`}
        value={tenantId}
        onChange={(value) => {
          setTenantId(value);
          setIsMissing(false);
        }}
        error={isMissing ? `Choose one of the ${tenant}s` : tenantProblem}
      >
        <Stack gap="sm" mt="xs">
          {connection.tenants.map((choice) => (
            <Radio key={choice.id} value={choice.id} label={choice.name} />
          ))}
        </Stack>
      </Radio.Group>
      {otherProblem && (
        <Alert color="red" variant="light">
          {otherProblem}
        </Alert>
      )}
      <Group>
        <Button loading={choose.isPending} onClick={submit}>
          Use this {tenant}
        </Button>
      </Group>
    </SectionPanel>
  );
}
