import { Stack, Textarea, TextInput } from '@mantine/core';
import { type Cart, ORDER_NOTES_MAX, PURCHASE_ORDER_NUMBER_MAX } from '@tradeport/contract';
import { useState } from 'react';

type Notes = { notes: string; purchase_order_number: string };

const notesOf = (cart: Cart): Notes => ({
  notes: cart.notes ?? '',
  purchase_order_number: cart.purchase_order_number ?? '',
});

/**
 * The PO number and notes, each saved when its field is left: typing is never held up by a
 * round trip, and nothing typed is lost on the way to Place order (which waits for the save).
 */
export function CartNotes(props: { cart: Cart; disabled: boolean; onSave: (notes: Notes) => void }) {
  const saved = notesOf(props.cart);
  const [values, setValues] = useState(saved);
  const [lastSaved, setLastSaved] = useState(saved);
  // The cart reloaded (saved here, or changed by someone else): a field whose saved value changed
  // shows it; one being typed in whose value did not keeps what was typed.
  if (saved.notes !== lastSaved.notes || saved.purchase_order_number !== lastSaved.purchase_order_number) {
    setLastSaved(saved);
    setValues({
      notes: saved.notes !== lastSaved.notes ? saved.notes : values.notes,
      purchase_order_number:
        saved.purchase_order_number !== lastSaved.purchase_order_number
          ? saved.purchase_order_number
          : values.purchase_order_number,
    });
  }

  const commit = () => {
    if (values.notes !== saved.notes || values.purchase_order_number !== saved.purchase_order_number) {
      props.onSave(values);
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Purchase order number"
        size="md"
        maxLength={PURCHASE_ORDER_NUMBER_MAX}
        disabled={props.disabled}
        value={values.purchase_order_number}
        onChange={(event) => setValues({ ...values, purchase_order_number: event.currentTarget.value })}
        onBlur={commit}
      />
      <Textarea
        label="Notes for the merchant"
        size="md"
        // Not autosize: it needs document.fonts, which jsdom lacks.
        minRows={3}
        maxLength={ORDER_NOTES_MAX}
        disabled={props.disabled}
        value={values.notes}
        onChange={(event) => setValues({ ...values, notes: event.currentTarget.value })}
        onBlur={commit}
      />
    </Stack>
  );
}
