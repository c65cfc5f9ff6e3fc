import type { ComponentProps } from 'react';
import { TextField } from './field';

/**
 * A money field: pounds typed as text, so a £ sign and thousands commas are allowed (lib/money.ts reads
 * them and moneyField checks them), with the decimal keypad on phones.
 */
export function MoneyInput(props: Omit<ComponentProps<typeof TextField>, 'inputMode' | 'type'>) {
  return <TextField inputMode="decimal" {...props} />;
}
