import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useNotify } from '../lib/notify';
import { ToastProvider, TOAST_HIDE_MS } from './toasts';

function Buttons() {
  const notify = useNotify();
  return (
    <>
      {['one', 'two', 'three', 'four'].map((text) => (
        <button key={text} type="button" onClick={() => notify.success(`Saved ${text}`)}>
          {text}
        </button>
      ))}
      <button type="button" onClick={() => notify.error(new Error('boom'))}>
        fail
      </button>
    </>
  );
}

describe('toasts', () => {
  it('shows at most three, in a live region, each with a close button, and hides them after 4 s', () => {
    vi.useFakeTimers();
    try {
      render(
        <ToastProvider>
          <Buttons />
        </ToastProvider>,
      );
      for (const name of ['one', 'two', 'three', 'four']) act(() => screen.getByRole('button', { name }).click());
      expect(screen.queryByText('Saved one')).not.toBeInTheDocument();
      expect(screen.getByText('Saved four').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
      expect(screen.getAllByRole('status')).toHaveLength(3);

      act(() => screen.getAllByRole('button', { name: 'Close' })[0]!.click());
      expect(screen.queryByText('Saved two')).not.toBeInTheDocument();
      expect(screen.getByText('Saved three')).toBeInTheDocument();

      act(() => vi.advanceTimersByTime(TOAST_HIDE_MS));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows an unexpected failure as an alert saying 'Error Occurred'", () => {
    render(
      <ToastProvider>
        <Buttons />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'fail' }).click());
    expect(screen.getByRole('alert')).toHaveTextContent('Error Occurred');
  });
});
