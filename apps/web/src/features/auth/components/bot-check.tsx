import { Input, Loader, Text } from '@mantine/core';
import { API_PREFIX, getBotChallenge } from '@tradeport/contract';
import type { WidgetMethods } from 'altcha/types';
import type {} from 'altcha/types/react';
import { useEffect, useId, useRef, useState } from 'react';
import { request } from '#lib/api-client.ts';

// The widget fetches a fresh challenge each time it verifies. It gets it through the API client, so
// the call carries the page path like every other (SPEC §7) and a failure toasts (SPEC §8).
const CHALLENGE_URL = `${API_PREFIX}${getBotChallenge.path}`;
const fetchChallenge: typeof fetch = async () => {
  const challenge = await request(getBotChallenge);
  return new Response(JSON.stringify(challenge), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
};

let loading: Promise<void> | null = null;

/** The ALTCHA web component (v3, which speaks altcha-lib 2's v2 challenges); about 34 KB, so on demand. */
function loadWidget(): Promise<void> {
  loading ??= import('altcha').then(() => {
    globalThis.$altcha.defaults.set({ fetch: fetchChallenge });
  });
  return loading;
}

type StateChange = { state: string; payload?: string | null };

/**
 * The self-hosted bot check of the sign-up form. Solving runs in the background from the moment
 * the form is focused; `onPayload` receives the proof to send as `altcha`, or '' when there is none
 * (not yet solved, failed, expired). Changing `resetKey` makes it solve a fresh challenge, for when
 * the server refused the last one.
 */
export function BotCheck(props: { onPayload: (payload: string) => void; error?: string; resetKey: number }) {
  const ref = useRef<HTMLElement & Partial<WidgetMethods>>(null);
  const errorId = useId();
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const onPayload = useRef(props.onPayload);
  useEffect(() => {
    onPayload.current = props.onPayload;
  });

  useEffect(() => {
    let isCurrent = true;
    loadWidget().then(
      () => isCurrent && setLoadState('ready'),
      () => isCurrent && setLoadState('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail ?? { state: '' };
      onPayload.current(state === 'verified' && payload ? payload : '');
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [loadState]);

  useEffect(() => {
    if (props.resetKey === 0) return;
    ref.current?.reset?.();
    onPayload.current('');
  }, [props.resetKey]);

  return (
    <Input.Wrapper
      labelElement="div"
      label="Bot check"
      description="Confirms a person is signing up. It solves itself in the background."
      error={props.error}
      errorProps={{ role: 'alert', id: errorId }}
    >
      {loadState === 'loading' && (
        <Loader size="sm" role="status" aria-label="Loading the bot check" mt="xs" />
      )}
      {loadState === 'failed' && (
        <Text size="sm" c="red" role="alert">
          The bot check could not load. Check your connection and reload the page.
        </Text>
      )}
      {loadState === 'ready' && (
        <div aria-describedby={props.error ? errorId : undefined}>
          <altcha-widget ref={ref} challenge={CHALLENGE_URL} name="altcha" auto="onfocus" />
        </div>
      )}
    </Input.Wrapper>
  );
}
