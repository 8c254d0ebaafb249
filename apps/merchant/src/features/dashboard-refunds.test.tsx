import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import { refundCounts } from '../test/refunds.ts';
import { RefundCountsCard } from './dashboard-refunds.tsx';

describe("the dashboard's after-sales counts", () => {
  it('counts the requests by state and opens the queue on the tab clicked', async () => {
    const api = fakeApi(() => refundCounts({ applied: 4, accepted: 2, buyerShipped: 1, sellerReceived: 3 }));
    const opened: string[] = [];
    renderInConsole(<RefundCountsCard api={api} onRefunds={(tab) => opened.push(tab)} />);
    const stats = await screen.findByTestId('dashboard-refunds');
    expect(api).toHaveBeenCalledWith('/merchant/refunds/counts', expect.objectContaining({ lang: 'zh' }));
    expect(within(stats).getAllByText(/^\d+$/).map((n) => n.textContent)).toEqual(['4', '2', '1', '3']);
    fireEvent.click(screen.getByRole('button', { name: 'dashboardRefunds.link{"state":"refunds.tabs.toHandle"}' }));
    fireEvent.click(screen.getByRole('button', { name: 'dashboardRefunds.link{"state":"refunds.tabs.toReceive"}' }));
    fireEvent.click(screen.getByRole('button', { name: 'dashboardRefunds.open' }));
    expect(opened).toEqual(['toHandle', 'toReceive', 'all']);
  });
});
