import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '@brickyard/shared';
import { answerFetch, renderApp } from '@/test/render';
import { CatalogueForm } from './catalogue-form';

beforeEach(() => {
  // The file fields ask for the month's upload allowance.
  vi.stubGlobal('fetch', answerFetch(200, { data: { used: 0, limit: null } }).fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(onSubmit = vi.fn(() => Promise.resolve())) {
  return {
    onSubmit,
    ...renderApp(<CatalogueForm submitLabel="Add to catalogue" onSubmit={onSubmit} onCancel={() => undefined} />),
  };
}

describe('CatalogueForm (its shared listing fields)', () => {
  it('names the item in its messages and asks for a price', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add to catalogue' }));
    expect(await screen.findByText('Enter a title of at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Describe the item in at least 10 characters')).toBeTruthy();
    expect(screen.getByText('Enter a price')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the price in pounds and the warranty as yes/no', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Title'), 'C32/40 ready-mix concrete');
    await user.type(screen.getByLabelText('Description'), 'Ready-mix concrete delivered to site.');
    await user.selectOptions(screen.getByLabelText('Category'), CATEGORIES[0].key);
    await user.type(screen.getByLabelText('Price (£)'), '£1,118.50');
    await user.selectOptions(screen.getByLabelText('Warranty'), 'no');
    await user.click(screen.getByRole('button', { name: 'Add to catalogue' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'C32/40 ready-mix concrete', value: 1118.5, warrantyRequirement: false }),
    );
  });
});
