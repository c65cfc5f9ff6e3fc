import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '@brickyard/shared';
import { answerFetch, renderApp } from '@/test/render';
import { TenderForm } from './tender-form';

const intents = [
  { intent: 'draft' as const, label: 'Save as draft', variant: 'secondary' as const },
  { intent: 'publish' as const, label: 'Publish tender' },
];

beforeEach(() => {
  // The file fields ask for the month's upload allowance.
  vi.stubGlobal('fetch', answerFetch(200, { data: { used: 0, limit: null } }).fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('TenderForm (its shared listing fields)', () => {
  it('says next to each field what an empty tender lacks, and sends nothing', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<TenderForm intents={intents} onSubmit={onSubmit} onCancel={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Publish tender' }));
    expect(await screen.findByText('Enter a title of at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Describe the work in at least 10 characters')).toBeTruthy();
    // (the select's placeholder option says the same; the message is the paragraph under it)
    expect(screen.getByText('Choose a category', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Some fields need attention');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a budget that is not pounds, and publishing without a closing date', async () => {
    const onSubmit = vi.fn();
    const { user } = renderApp(<TenderForm intents={intents} onSubmit={onSubmit} onCancel={() => undefined} />);
    await user.type(screen.getByLabelText('Title'), 'Structural steel frame');
    await user.type(screen.getByLabelText('Description'), 'A four-storey steel frame for an office block.');
    await user.selectOptions(screen.getByLabelText('Category'), CATEGORIES[0].key);
    await user.type(screen.getByLabelText('Budget (£)'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Publish tender' }));
    expect(await screen.findByText('Enter an amount in pounds, like 12500 or 12500.50')).toBeTruthy();

    await user.clear(screen.getByLabelText('Budget (£)'));
    await user.type(screen.getByLabelText('Budget (£)'), '£48,500');
    await user.click(screen.getByRole('button', { name: 'Publish tender' }));
    expect(await screen.findByText('Set a closing date to publish this tender')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves a draft with the fields as the API takes them', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = renderApp(<TenderForm intents={intents} onSubmit={onSubmit} onCancel={() => undefined} />);
    await user.type(screen.getByLabelText('Title'), 'Structural steel frame');
    await user.type(screen.getByLabelText('Description'), 'A four-storey steel frame for an office block.');
    await user.selectOptions(screen.getByLabelText('Category'), CATEGORIES[0].key);
    await user.type(screen.getByLabelText('Budget (£)'), '£48,500.50');
    await user.selectOptions(screen.getByLabelText('Rebate'), 'yes');
    await user.type(screen.getByLabelText(/Payment terms/), '  30 days  ');
    const actions = screen.getByRole('button', { name: 'Save as draft' }).parentElement!;
    await user.click(within(actions).getByRole('button', { name: 'Save as draft' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]).toEqual([
      expect.objectContaining({
        title: 'Structural steel frame',
        category: CATEGORIES[0].key,
        budget: 48500.5,
        rebate: true,
        warrantyRequirement: null,
        paymentTerms: '30 days',
        insurance: null,
      }),
      'draft',
    ]);
  });
});
