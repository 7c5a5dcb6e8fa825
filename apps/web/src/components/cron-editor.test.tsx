import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CRON_EXPRESSION } from '@apron/core/settings';
import { CronEditor, parseCron } from './cron-editor';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <CronEditor label="Schedule" value={value} onChange={setValue} />;
}

describe('CronEditor', () => {
  it('starts daily at midnight with a readable preview and the raw expression', () => {
    render(<Harness initial={DEFAULT_CRON_EXPRESSION} />);
    expect(screen.getByLabelText('Frequency')).toHaveValue('daily');
    expect(screen.getByTestId('cron-preview')).toHaveTextContent('Every day at 00:00');
    expect(screen.getByTestId('cron-expression')).toHaveTextContent('0 0 * * *');
  });

  it('builds a weekly schedule from the weekday, hour and minute', async () => {
    const user = userEvent.setup();
    render(<Harness initial={DEFAULT_CRON_EXPRESSION} />);
    await user.selectOptions(screen.getByLabelText('Frequency'), 'weekly');
    await user.selectOptions(screen.getByLabelText('Day of Week'), 'Monday');
    await user.selectOptions(screen.getByLabelText('Hour'), '06');
    await user.selectOptions(screen.getByLabelText('Minute'), '30');
    expect(screen.getByTestId('cron-preview')).toHaveTextContent('Every Monday at 06:30');
    expect(screen.getByTestId('cron-expression')).toHaveTextContent('30 6 * * 1');
  });

  it('builds monthly and yearly schedules and accepts a custom expression', async () => {
    const user = userEvent.setup();
    render(<Harness initial={DEFAULT_CRON_EXPRESSION} />);
    await user.selectOptions(screen.getByLabelText('Frequency'), 'monthly');
    await user.selectOptions(screen.getByLabelText('Day of Month'), '15');
    expect(screen.getByTestId('cron-preview')).toHaveTextContent('On day 15 of every month at 00:00');
    await user.selectOptions(screen.getByLabelText('Frequency'), 'yearly');
    await user.selectOptions(screen.getByLabelText('Month'), 'March');
    expect(screen.getByTestId('cron-preview')).toHaveTextContent('Every year on March 15 at 00:00');
    await user.selectOptions(screen.getByLabelText('Frequency'), 'custom');
    const raw = screen.getByLabelText('Expression');
    await user.clear(raw);
    await user.type(raw, '0 6 1 */3 *');
    expect(screen.getByTestId('cron-preview')).toHaveTextContent('On day 1 of every 3 months at 06:00');
  });

  it('reads an existing expression back into its preset', () => {
    expect(parseCron('15 8 * * 5')).toMatchObject({ preset: 'weekly', minute: 15, hour: 8, weekday: 5 });
    expect(parseCron('0 0 1 1 *')).toMatchObject({ preset: 'yearly', day: 1, month: 1 });
    expect(parseCron('*/5 * * * *').preset).toBe('custom');
  });
});
