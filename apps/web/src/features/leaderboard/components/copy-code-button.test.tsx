import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyCodeButton } from './copy-code-button';

describe('CopyCodeButton', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    vi.useFakeTimers();
    writeText.mockReset();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it("copies the code and shows 'Copied!' for exactly 2 seconds", async () => {
    writeText.mockResolvedValue(undefined);
    render(<CopyCodeButton code="alice123" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Code' }));
    });
    expect(writeText).toHaveBeenCalledWith('alice123');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy Code' })).toBeInTheDocument();
  });

  it('stays silent when the clipboard refuses, logging only', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    writeText.mockRejectedValue(new Error('denied'));
    render(<CopyCodeButton code="alice123" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Code' }));
    });
    expect(screen.getByRole('button', { name: 'Copy Code' })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
