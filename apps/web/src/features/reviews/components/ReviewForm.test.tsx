import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReviewForm } from './ReviewForm';

const renderForm = (onSubmit = vi.fn(async () => true)) => {
  render(<ReviewForm heading="Write a Review" submitLabel="Submit Review" busy={false} onSubmit={onSubmit} />);
  return onSubmit;
};

describe('ReviewForm', () => {
  it('starts at 5 stars, moves with the arrow keys, sends the trimmed comment and resets', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await user.type(screen.getByLabelText('Comment'), '  Lovely prose  ');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(onSubmit).toHaveBeenCalledWith({ rating: 3, comment: 'Lovely prose' });
    await waitFor(() => expect(screen.getByLabelText('Comment')).toHaveValue(''));
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
  });

  it('asks for a comment instead of sending a blank one', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.type(screen.getByLabelText('Comment'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Please write a comment')).toBeVisible();
    expect(screen.getByLabelText('Comment')).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps what was typed when the server refuses', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn(async () => false));
    await user.type(screen.getByLabelText('Comment'), 'Keep me');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('Keep me');
  });
});
