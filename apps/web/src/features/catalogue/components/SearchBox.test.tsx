import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderWithApp } from '../../../test/render';
import { useLocation } from 'react-router';
import { SearchBox } from './SearchBox';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

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
  fireEvent.input(screen.getByRole('combobox', { name: 'Search books' }), { target: { value: text } });
}

describe('header search', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  // The drop-down is a chunk of its own (SearchBox.tsx): here it is loaded before the clock is faked.
  beforeAll(async () => {
    await import('./SearchResults');
  });

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fetchMock = vi.fn(async () =>
      jsonReply({ data: [book], meta: { page: 1, pageSize: 10, count: 1, pages: 1, next: null } }),
    );
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
    // The drop-down's code arrives (its own chunk), no time passing.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('keyword=moby');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('option', { name: /Moby-Dick/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'See all results' })).toBeInTheDocument();
  });

  it('never calls for a blank term', async () => {
    renderWithApp(<SearchBox />);
    type('   ');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    fetchMock.mockImplementation(async () =>
      jsonReply({ data: [], meta: { page: 1, pageSize: 10, count: 0, pages: 1, next: null } }),
    );
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

  describe('as a combobox', () => {
    async function typed(text: string) {
      renderWithApp(
        <>
          <SearchBox />
          <Where />
        </>,
      );
      type(text);
      await act(() => vi.advanceTimersByTimeAsync(500));
      await act(() => vi.advanceTimersByTimeAsync(0));
      return screen.getByRole('combobox', { name: 'Search books' });
    }
    const where = () => screen.getByTestId('where').textContent;

    it('moves through the options with the arrow keys and opens the highlighted book with Enter', async () => {
      const box = await typed('moby');
      expect(box).toHaveAttribute('aria-expanded', 'true');
      fireEvent.keyDown(box, { key: 'ArrowDown' });
      const first = screen.getByRole('option', { name: /Moby-Dick/ });
      expect(first).toHaveAttribute('aria-selected', 'true');
      expect(box).toHaveAttribute('aria-activedescendant', first.id);
      fireEvent.keyDown(box, { key: 'ArrowDown' });
      expect(screen.getByRole('option', { name: 'See all results' })).toHaveAttribute('aria-selected', 'true');
      fireEvent.keyDown(box, { key: 'ArrowUp' });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(where()).toBe('/book/Moby-Dick');
    });

    it('opens the results page with Enter when no option is highlighted', async () => {
      const box = await typed('moby dik');
      fireEvent.keyDown(box, { key: 'Enter' });
      fireEvent.submit(box.closest('form')!);
      expect(where()).toBe('/search?q=moby+dik');
    });

    it('opens the results page from "See all results"', async () => {
      await typed('moby');
      fireEvent.click(screen.getByRole('option', { name: 'See all results' }));
      expect(where()).toBe('/search?q=moby');
    });

    it('closes the list with Escape', async () => {
      const box = await typed('moby');
      fireEvent.keyDown(box, { key: 'Escape' });
      expect(box).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    });
  });
});
