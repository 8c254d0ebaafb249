// Every shop's reviews for staff (decision 056): filter by shop, status, rating and product name;
// hide a review from the product page (abusive content, say) or show it again, after a confirmation.
// The data layer is lib/platform-reviews.ts.
import { useState } from 'react';
import { App, Button, Image, Input, InputNumber, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { PagedTable } from '@bazaar/console-ui/paged-table.tsx';
import { ReviewBody } from '@bazaar/console-ui/review-cells.tsx';
import { REVIEW_FILTER, type ReviewFilter } from '@bazaar/shared/constants/review';
import { REVIEW_STATUS_FILTERS, type AdminReview } from '@bazaar/shared/schemas/admin-reviews';
import { REVIEW_PROD_NAME_MAX } from '@bazaar/shared/schemas/merchant-reviews';
import { api } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { ALL_REVIEWS, REVIEW_PAGE_SIZE, useMoveReview, useReviewPage, type ReviewFilters } from '../lib/platform-reviews.ts';

const EVALUATE_OPTIONS = [
  { value: REVIEW_FILTER.all, key: 'all' },
  { value: REVIEW_FILTER.good, key: 'good' },
  { value: REVIEW_FILTER.medium, key: 'medium' },
  { value: REVIEW_FILTER.bad, key: 'bad' },
  { value: REVIEW_FILTER.withPictures, key: 'pictures' },
] as const;
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

export function ReviewsPage() {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<ReviewFilters>(ALL_REVIEWS);
  const [typed, setTyped] = useState('');
  const [current, setCurrent] = useState(1);
  const list = useReviewPage(api, lang, filters, current);
  const move = useMoveReview(api, lang);
  const filter = (next: Partial<ReviewFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setCurrent(1);
  };
  const moveTo = (review: AdminReview, status: 0 | 1) =>
    move.mutate(
      { commId: review.commId, status },
      {
        onSuccess: () => void message.success(t(status === 0 ? 'reviews.hidden' : 'reviews.shownDone')),
        onError: (err) => void message.error(errorText(err, t)),
      },
    );

  return (
    <section aria-labelledby="reviews-title">
      <Typography.Title level={2} id="reviews-title" style={{ fontSize: 20 }}>
        {t('reviews.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('reviews.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <InputNumber aria-label={t('reviews.shopId')} placeholder={t('reviews.shopId')} min={1} precision={0} value={filters.shopId} onChange={(v) => filter({ shopId: v })} />
        <Select
          aria-label={t('reviews.status.label')}
          value={filters.status}
          onChange={(status) => filter({ status })}
          style={{ width: 140 }}
          options={REVIEW_STATUS_FILTERS.map((s) => ({ value: s, label: t(`reviews.status.${s}`) }))}
        />
        <Select<ReviewFilter>
          aria-label={t('reviews.evaluate.label')}
          value={filters.evaluate}
          onChange={(evaluate) => filter({ evaluate })}
          style={{ width: 140 }}
          options={EVALUATE_OPTIONS.map((o) => ({ value: o.value, label: t(`reviews.evaluate.${o.key}`) }))}
        />
        <Input.Search
          aria-label={t('reviews.prodName')}
          placeholder={t('reviews.prodName')}
          allowClear
          maxLength={REVIEW_PROD_NAME_MAX}
          enterButton={t('reviews.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            if (value.trim() === filters.prodName) void list.refetch();
            filter({ prodName: value.trim() });
          }}
          style={{ width: 280 }}
        />
      </Space>
      <PagedTable<AdminReview>
        rowKey="commId"
        list={list}
        current={current}
        pageSize={REVIEW_PAGE_SIZE}
        onPage={setCurrent}
        empty={t('reviews.empty')}
        total={(count) => t('reviews.total', { count })}
        columns={[
          { title: t('reviews.columns.shop'), onHeaderCell: noWrap, render: (_v, r) => `${r.shopName} (${r.shopId})` },
          {
            title: t('reviews.columns.product'),
            render: (_v, r) => (
              <Space align="start">
                <Image src={r.pic} width={48} height={48} style={{ objectFit: 'cover' }} alt="" preview={false} />
                <div style={{ maxWidth: 200 }}>
                  <div>{r.prodName}</div>
                  {r.skuName ? <Typography.Text type="secondary">{r.skuName}</Typography.Text> : null}
                </div>
              </Space>
            ),
          },
          { title: t('reviews.columns.review'), render: (_v, r) => <ReviewBody review={r} /> },
          {
            title: t('reviews.columns.buyer'),
            onHeaderCell: noWrap,
            render: (_v, r) => (
              <Space size={4} wrap>
                <span>{r.nickName}</span>
                {r.isAnonymous ? <Tag>{t('reviews.anonymous')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('reviews.columns.reply'),
            render: (_v, r) =>
              r.replyContent ? (
                <Typography.Paragraph style={{ margin: 0, maxWidth: 240, whiteSpace: 'pre-wrap' }}>{r.replyContent}</Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">{t('reviews.notReplied')}</Typography.Text>
              ),
          },
          { title: t('reviews.columns.time'), dataIndex: 'recTime', onHeaderCell: noWrap, onCell: noWrap },
          {
            title: t('reviews.columns.status'),
            onHeaderCell: noWrap,
            render: (_v, r) => (r.status === 0 ? <Tag color="error">{t('reviews.status.hidden')}</Tag> : <Tag color="success">{t('reviews.status.shown')}</Tag>),
          },
          {
            title: t('reviews.columns.actions'),
            onHeaderCell: noWrap,
            render: (_v, r) => {
              const hide = r.status === 1;
              return (
                <Popconfirm
                  title={t(hide ? 'reviews.hideConfirm' : 'reviews.showConfirm')}
                  okText={t('reviews.confirm')}
                  cancelText={t('reviews.cancel')}
                  okButtonProps={{ danger: hide }}
                  onConfirm={() => moveTo(r, hide ? 0 : 1)}
                >
                  <Button size="small" danger={hide} aria-label={`${t(hide ? 'reviews.hide' : 'reviews.show')} ${r.commId}`}>
                    {t(hide ? 'reviews.hide' : 'reviews.show')}
                  </Button>
                </Popconfirm>
              );
            },
          },
        ]}
      />
    </section>
  );
}
