import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { ProfileListSection } from './profile-list-section';

const items = [
  { id: 'a', title: 'Riverside offices' },
  { id: 'b', title: 'Station car park' },
];

function renderSection(list: typeof items, handlers = { onAdd: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() }) {
  return {
    ...handlers,
    ...renderApp(
      <ProfileListSection
        title="Project portfolio"
        description="Work you have delivered"
        empty="No portfolio items yet."
        items={list}
        addLabel="Add a portfolio item"
        itemName={(i) => i.title}
        renderItem={(i) => <p>{i.title}</p>}
        {...handlers}
      />,
    ),
  };
}

describe('ProfileListSection', () => {
  it('says when the list is empty, and offers to add', async () => {
    const { user, onAdd } = renderSection([]);
    expect(screen.getByText('No portfolio items yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add a portfolio item' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('lists the items, each with its own Edit and Delete', async () => {
    const { user, onEdit, onDelete } = renderSection(items);
    expect(screen.getByRole('list', { name: 'Project portfolio' }).children).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Edit Station car park' }));
    expect(onEdit).toHaveBeenCalledWith(items[1]);
    await user.click(screen.getByRole('button', { name: 'Delete Riverside offices' }));
    expect(onDelete).toHaveBeenCalledWith(items[0]);
  });
});
