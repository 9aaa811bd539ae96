import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderWithApp } from '../../../test/render';
import { SearchBox } from './SearchBox';

const book = {
  id: 1,
  title: 'Moby-Dick',
  slug: 'moby-dick',
  image: null,
  image_srcset: null,
  book_author: 'Herman Melville',
  price: '12.50',
};

function type(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search books' }), { target: { value: text } });
}

describe('header search', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fetchMock = vi.fn(async () => jsonReply({ data: [book], meta: { page: 1, pageSize: 10, count: 1, pages: 1, next: null } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits 500 ms after the last keystroke, then asks the server once', async () => {
    renderWithApp(<SearchBox />);
    type('mo');
    await act(() => vi.advanceTimersByTimeAsync(300));
    type('moby');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('keyword=moby');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('link', { name: /Moby-Dick/ })).toHaveAttribute('href', '/book/Moby-Dick');
  });

  it('never calls for a blank term', async () => {
    renderWithApp(<SearchBox />);
    type('   ');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    fetchMock.mockImplementation(async () => jsonReply({ data: [], meta: { page: 1, pageSize: 10, count: 0, pages: 1, next: null } }));
    renderWithApp(<SearchBox />);
    type('zzz');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('No results found for "zzz"')).toBeInTheDocument();
  });

  it('says when the search failed', async () => {
    fetchMock.mockImplementation(async () => jsonReply({ error: 'boom' }, 500));
    renderWithApp(<SearchBox />);
    type('moby');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Failed to search books')).toBeInTheDocument();
  });
});
