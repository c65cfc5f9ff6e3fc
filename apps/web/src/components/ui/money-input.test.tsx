import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { zodResolver } from '@/lib/form';
import { moneyField, parseMoney, type ParsedMoney } from '@/lib/money';
import { renderApp } from '@/test/render';
import { MoneyInput } from './money-input';

const schema = z.object({ price: moneyField('Enter a price in pounds, like 118.50', 'Enter a price') });

function PriceForm({ onSave }: { onSave: (m: ParsedMoney) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { price: '' } });
  return (
    <form noValidate onSubmit={(e) => void handleSubmit((v) => onSave(parseMoney(v.price)))(e)}>
      <MoneyInput label="Price (£)" error={errors.price?.message} {...register('price')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('MoneyInput', () => {
  it('takes pounds as people write them: "£1,250.50" is saved as 125050 pence', async () => {
    const onSave = vi.fn();
    const { user } = renderApp(<PriceForm onSave={onSave} />);
    const input = screen.getByLabelText('Price (£)');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    await user.type(input, '£1,250.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ ok: true, pence: 125050 });
  });

  it('shows the form’s message next to the field for text that is not an amount, and does not save', async () => {
    const onSave = vi.fn();
    const { user } = renderApp(<PriceForm onSave={onSave} />);
    await user.type(screen.getByLabelText('Price (£)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a price in pounds, like 118.50')).toBeTruthy();
    expect(screen.getByLabelText('Price (£)').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a negative amount and asks for one when empty', async () => {
    const onSave = vi.fn();
    const { user } = renderApp(<PriceForm onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a price')).toBeTruthy();
    await user.type(screen.getByLabelText('Price (£)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a price in pounds, like 118.50')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});
