import { ActionIcon, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { firstQuantity, orderableQuantity, type QuantityRule, stepDown, stepUp } from '../model/quantity.ts';

// Big enough to hit with a thumb (WCAG 2.5.8 asks 24 px; phones want about 44).
const TOUCH = 44;

/**
 * − [quantity] +: steps by the product's pack size from its minimum; a typed quantity becomes the
 * next whole pack when the field is left (or Enter is pressed), so only orderable ones are sent.
 */
export function QuantityStepper(props: {
  /** What is being counted, for the controls' names ("Quantity of Flat white beans 1kg"). */
  productName: string;
  rule: QuantityRule;
  value: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState<string | number>(props.value);
  const [shown, setShown] = useState(props.value);
  // A new quantity from outside (a step, the server's answer) replaces whatever was typed.
  if (shown !== props.value) {
    setShown(props.value);
    setText(props.value);
  }

  const commit = () => {
    const typed = typeof text === 'number' ? text : Number.parseInt(text, 10);
    const next = orderableQuantity(props.rule, typed);
    setText(next);
    if (next !== props.value) props.onChange(next);
  };
  // At or below the first orderable quantity there is nothing fewer to offer.
  const isAtFirst = props.value <= firstQuantity(props.rule);

  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size={TOUCH}
        aria-label={`Fewer ${props.productName}`}
        disabled={props.disabled || isAtFirst}
        onClick={() => props.onChange(stepDown(props.rule, props.value))}
      >
        −
      </ActionIcon>
      <NumberInput
        aria-label={`Quantity of ${props.productName}`}
        hideControls
        allowDecimal={false}
        allowNegative={false}
        w={72}
        size="md"
        styles={{ input: { textAlign: 'center', height: TOUCH } }}
        value={text}
        disabled={props.disabled}
        onChange={setText}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <ActionIcon
        variant="default"
        size={TOUCH}
        aria-label={`More ${props.productName}`}
        disabled={props.disabled}
        onClick={() => props.onChange(stepUp(props.rule, props.value))}
      >
        +
      </ActionIcon>
    </Group>
  );
}
