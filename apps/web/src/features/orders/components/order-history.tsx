import { Stack, Text, Timeline, Title } from '@mantine/core';
import type { Order } from '@tradeport/contract';
import { formatDate } from '#lib/format.ts';
import { eventSentence } from '../model/order-history.ts';

const timeFormat = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });

/** Every change to the order, oldest first: who did what, and when. */
export function OrderHistory(props: { history: Order['history'] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="order-history-heading">
      <Title order={2} size="h3" id="order-history-heading">
        History
      </Title>
      {props.history.length === 0 ? (
        <Text c="dimmed">Nothing has happened to this order yet.</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {props.history.map((event, index) => (
            <Timeline.Item key={`${event.at}-${index}`} title={eventSentence(event)}>
              <Text size="sm" c="dimmed">
                <time dateTime={event.at}>
                  {`${formatDate(event.at)} ${timeFormat.format(new Date(event.at))}`}
                </time>
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
