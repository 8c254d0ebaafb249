import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@bazaar/shared/console/api-client';
import { fakeApi, renderInConsole } from '@bazaar/console-ui/test/render.tsx';
import type { MerchantReview } from '@bazaar/shared/schemas/merchant-reviews';
import { reviewPage, reviewRow } from '../test/reviews.ts';
import { ReviewsPage } from './reviews.tsx';

const replyButton = (action: string, review: MerchantReview) => screen.findByRole('button', { name: `reviews.replyTo{"action":"${action}","buyer":"${review.nickName}","product":"${review.prodName}"}` });

describe('the reviews page', () => {
  it('lists the reviews with stars, pictures, the anonymous mark, the order and the reply, and filters them', async () => {
    const rows = [
      reviewRow({ pics: ['/uploads/a.png', '/uploads/b.png'] }),
      reviewRow({ commId: 8, score: 5, evaluate: 0, content: '很好用', isAnonymous: true, nickName: '张***北', orderNumber: '', replyContent: '谢谢支持', replyTime: '2026-11-29 09:00:00' }),
    ];
    const api = fakeApi(() => reviewPage(rows));
    renderInConsole(<ReviewsPage api={api} />);

    expect(screen.getByRole('heading', { name: 'reviews.title' })).toBeTruthy();
    await screen.findByText('壶盖有点松');
    expect(screen.getByRole('img', { name: 'reviews.score{"count":2}' }).textContent).toBe('★★☆☆☆');
    expect(screen.getByRole('img', { name: 'reviews.picture{"n":2}' }).getAttribute('src')).toBe('/uploads/b.png');
    expect(screen.getByText('reviews.anonymous')).toBeTruthy();
    expect(screen.getByText('1900000000000000001')).toBeTruthy();
    expect(screen.getByText('reviews.noOrder')).toBeTruthy();
    expect(screen.getByTestId('review-reply-8').textContent).toBe('谢谢支持');
    expect(screen.getByText('reviews.repliedAt{"time":"2026-11-29 09:00:00"}')).toBeTruthy();
    expect(await replyButton('reviews.reply', rows[0]!)).toBeTruthy();
    expect(await replyButton('reviews.editReply', rows[1]!)).toBeTruthy();
    expect(api).toHaveBeenLastCalledWith('/merchant/reviews', expect.objectContaining({ query: { evaluate: -1, replied: 'all', prodName: undefined, current: 1, size: 10 } }));

    fireEvent.click(screen.getByRole('tab', { name: 'reviews.evaluate.bad' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/reviews', expect.objectContaining({ query: expect.objectContaining({ evaluate: 2 }) })));
    fireEvent.click(screen.getByRole('radio', { name: 'reviews.replied.unreplied' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/reviews', expect.objectContaining({ query: expect.objectContaining({ evaluate: 2, replied: 'unreplied' }) })));
    fireEvent.change(screen.getByRole('searchbox', { name: 'reviews.prodName' }), { target: { value: ' 茶壶 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'reviews.search' }));
    await waitFor(() => expect(api).toHaveBeenLastCalledWith('/merchant/reviews', expect.objectContaining({ query: { evaluate: 2, replied: 'unreplied', prodName: '茶壶', current: 1, size: 10 } })));
  });

  it('writes a reply in a dialog with its count and limit, checks it first, saves it and shows it in the row', async () => {
    let saved: MerchantReview | null = null;
    const api = fakeApi((path, options) => {
      if (options.method === 'PUT') {
        saved = reviewRow({ replyContent: (options.body as { content: string }).content, replyTime: '2026-11-29 09:00:00' });
        return saved;
      }
      return reviewPage([saved ?? reviewRow()]);
    });
    const { invalidated } = renderInConsole(<ReviewsPage api={api} />);
    fireEvent.click(await replyButton('reviews.reply', reviewRow()));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('reviews.modal.title')).toBeTruthy();
    expect(within(dialog).getByText('壶盖有点松')).toBeTruthy();
    const box = within(dialog).getByRole('textbox', { name: 'reviews.modal.content' });
    expect(box.getAttribute('maxlength')).toBe('500');

    // Blank: the schema's words, and nothing is sent.
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'reviews.modal.save' }));
    await within(dialog).findByText('reviews.replyErrors.replyRequired{"max":500}');
    expect(api).not.toHaveBeenCalledWith(expect.stringContaining('/reply'), expect.anything());

    fireEvent.change(box, { target: { value: '  抱歉，已为您补寄  ' } });
    expect(within(dialog).getByText('12 / 500')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'reviews.modal.save' }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('/merchant/reviews/7/reply', expect.objectContaining({ method: 'PUT', body: { content: '抱歉，已为您补寄' } })));
    await screen.findByText('reviews.modal.saved');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await screen.findByTestId('review-reply-7')).textContent).toBe('抱歉，已为您补寄');
    expect(invalidated).toEqual([['reviews']]);
    // Answered: the action now edits, and the dialog starts from the reply.
    fireEvent.click(await replyButton('reviews.editReply', reviewRow()));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByText('reviews.modal.editTitle')).toBeTruthy();
    expect((within(again).getByRole('textbox', { name: 'reviews.modal.content' }) as HTMLTextAreaElement).value).toBe('抱歉，已为您补寄');
  });

  it("shows the API's refusal as a message and keeps the dialog open", async () => {
    const api = fakeApi((_path, options) => {
      if (options.method === 'PUT') throw new ApiError(404, '评价不存在或不属于本店');
      return reviewPage([reviewRow()]);
    });
    renderInConsole(<ReviewsPage api={api} />);
    fireEvent.click(await replyButton('reviews.reply', reviewRow()));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'reviews.modal.content' }), { target: { value: '谢谢' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'reviews.modal.save' }));
    await screen.findByText('评价不存在或不属于本店');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
