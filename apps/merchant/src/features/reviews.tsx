// The shop's reviews (decision 055): tabs by rating (or with pictures), answered or not, a product
// name search, pages of ten newest first; a row's reply is written or edited in a dialog.
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Radio, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ConsoleApi } from '@bazaar/console-ui/console-api.ts';
import { errorText } from '@bazaar/console-ui/console-api.ts';
import { ReviewBody } from '@bazaar/console-ui/review-cells.tsx';
import { REVIEW_FILTER, type ReviewFilter } from '@bazaar/shared/constants/review';
import { REPLY_FILTERS, REVIEW_PROD_NAME_MAX, REVIEW_REPLY_MAX, type MerchantReview, type ReplyFilter } from '@bazaar/shared/schemas/merchant-reviews';
import { useI18n } from '../lib/i18n.tsx';
import { ALL_REVIEWS, REVIEW_PAGE_SIZE, replyProblem, useReviewPage, useSaveReply, type ReviewFilters } from '../lib/merchant-reviews.ts';
import { FormError } from '@bazaar/console-ui/form-error.tsx';

const EVALUATE_TABS: { key: string; value: ReviewFilter }[] = [
  { key: 'all', value: REVIEW_FILTER.all },
  { key: 'good', value: REVIEW_FILTER.good },
  { key: 'medium', value: REVIEW_FILTER.medium },
  { key: 'bad', value: REVIEW_FILTER.bad },
  { key: 'pictures', value: REVIEW_FILTER.withPictures },
];
/** A review's evaluation (0 good, 1 medium, 2 bad) as its tab's word and a status colour (the console theme's, AA on white). */
const EVALUATION = [
  { key: 'good', color: 'success' },
  { key: 'medium', color: 'warning' },
  { key: 'bad', color: 'error' },
] as const;
/** A short header over a column whose cells may all be narrower (an order number's "none"). */
const noWrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

function ReviewCell({ review }: { review: MerchantReview }) {
  const { t } = useI18n();
  const evaluation = EVALUATION[review.evaluate];
  const head = (
    <>
      {evaluation ? <Tag color={evaluation.color}>{t(`reviews.evaluate.${evaluation.key}`)}</Tag> : null}
      {review.status === 0 ? <Tag color="error">{t('reviews.hidden')}</Tag> : null}
    </>
  );
  return <ReviewBody review={review} head={head} />;
}

/** The dialog that writes or replaces a review's reply; checked with the API's schema before it is sent. */
function ReplyModal({ api, review, onClose }: { api: ConsoleApi; review: MerchantReview; onClose: () => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ content: string }>();
  const save = useSaveReply(api, lang);
  const editing = review.replyContent !== null;
  const submit = ({ content }: { content: string }) =>
    save.mutate(
      { commId: review.commId, content },
      {
        onSuccess: () => {
          void message.success(t('reviews.modal.saved'));
          onClose();
        },
        onError: (err) => void message.error(errorText(err, t)),
      },
    );
  return (
    <Modal
      open
      title={t(editing ? 'reviews.modal.editTitle' : 'reviews.modal.title')}
      okText={t('reviews.modal.save')}
      cancelText={t('reviews.modal.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      onCancel={onClose}
      width={560}
    >
      <figure style={{ margin: '0 0 16px', padding: 12, background: '#fafafa', borderRadius: 6 }}>
        <figcaption>
          <Typography.Text type="secondary">
            {review.prodName}
            {review.skuName ? ` · ${review.skuName}` : ''}
          </Typography.Text>
        </figcaption>
        <div>{t('reviews.modal.review', { buyer: review.nickName, count: review.score })}</div>
        <blockquote style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{review.content}</blockquote>
      </figure>
      <Typography.Paragraph type="secondary" id="review-reply-hint">
        {t('reviews.modal.hint', { max: REVIEW_REPLY_MAX })}
      </Typography.Paragraph>
      <Form form={form} name="review-reply" layout="vertical" requiredMark={false} initialValues={{ content: review.replyContent ?? '' }} onFinish={submit}>
        <Form.Item
          name="content"
          label={t('reviews.modal.content')}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const problem = replyProblem(value ?? '');
                return problem ? Promise.reject(new Error(t(problem.key, problem.vars))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={5} showCount maxLength={REVIEW_REPLY_MAX} placeholder={t('reviews.modal.placeholder')} aria-describedby="review-reply-hint" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The shop's reviews with their replies. */
export function ReviewsPage({ api }: { api: ConsoleApi }) {
  const { t, lang } = useI18n();
  const [filters, setFilters] = useState<ReviewFilters>(ALL_REVIEWS);
  const [typed, setTyped] = useState('');
  const [current, setCurrent] = useState(1);
  const [replying, setReplying] = useState<MerchantReview | null>(null);
  const list = useReviewPage(api, lang, filters, current);
  const filter = (next: Partial<ReviewFilters>) => {
    setFilters((now) => ({ ...now, ...next }));
    setCurrent(1);
  };
  const error = list.error ? errorText(list.error, t, 'app.loadFailed') : null;

  return (
    <section aria-labelledby="reviews-title">
      <Typography.Title level={2} id="reviews-title" style={{ fontSize: 20 }}>
        {t('reviews.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('reviews.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={String(filters.evaluate)}
        onChange={(key) => filter({ evaluate: Number(key) as ReviewFilter })}
        items={EVALUATE_TABS.map((x) => ({ key: String(x.value), label: t(`reviews.evaluate.${x.key}`) }))}
      />
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        <div role="group" aria-labelledby="reviews-replied-label">
          <span id="reviews-replied-label" style={{ marginRight: 8 }}>
            {t('reviews.replied.label')}
          </span>
          <Radio.Group
            optionType="button"
            value={filters.replied}
            onChange={(e) => filter({ replied: e.target.value as ReplyFilter })}
            options={REPLY_FILTERS.map((value) => ({ value, label: t(`reviews.replied.${value}`) }))}
          />
        </div>
        <Input.Search
          aria-label={t('reviews.prodName')}
          placeholder={t('reviews.prodName')}
          allowClear
          enterButton={t('reviews.search')}
          maxLength={REVIEW_PROD_NAME_MAX}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => filter({ prodName: value.trim() })}
          style={{ width: 320 }}
        />
      </Space>
      <FormError error={error} />
      <Table<MerchantReview>
        rowKey="commId"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: t('reviews.empty') }}
        pagination={{ current, pageSize: REVIEW_PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false, showTotal: (total) => t('reviews.total', { count: total }) }}
        columns={[
          {
            title: t('reviews.columns.product'),
            width: 200,
            render: (_v, r) => (
              <Space align="start">
                <img src={r.pic} alt="" width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} loading="lazy" />
                <div>
                  <div>{r.prodName}</div>
                  {r.skuName ? <Typography.Text type="secondary">{r.skuName}</Typography.Text> : null}
                </div>
              </Space>
            ),
          },
          { title: t('reviews.columns.review'), render: (_v, r) => <ReviewCell review={r} /> },
          {
            title: t('reviews.columns.buyer'),
            width: 100,
            render: (_v, r) => (
              <>
                <div>{r.nickName}</div>
                {r.isAnonymous ? <Tag>{t('reviews.anonymous')}</Tag> : null}
              </>
            ),
          },
          { title: t('reviews.columns.orderNumber'), onHeaderCell: noWrap, render: (_v, r) => r.orderNumber || <Typography.Text type="secondary">{t('reviews.noOrder')}</Typography.Text> },
          { title: t('reviews.columns.time'), dataIndex: 'recTime', width: 110 },
          {
            title: t('reviews.columns.reply'),
            width: 220,
            render: (_v, r) =>
              r.replyContent === null ? (
                <Typography.Text type="secondary">{t('reviews.notReplied')}</Typography.Text>
              ) : (
                <>
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid={`review-reply-${r.commId}`}>
                    {r.replyContent}
                  </Typography.Paragraph>
                  <Typography.Text type="secondary">{t('reviews.repliedAt', { time: r.replyTime ?? '' })}</Typography.Text>
                </>
              ),
          },
          {
            title: t('reviews.columns.actions'),
            onHeaderCell: noWrap,
            render: (_v, r) => {
              const action = t(r.replyContent === null ? 'reviews.reply' : 'reviews.editReply');
              return (
                <Button size="small" type={r.replyContent === null ? 'primary' : 'default'} onClick={() => setReplying(r)} aria-label={t('reviews.replyTo', { action, buyer: r.nickName, product: r.prodName })}>
                  {action}
                </Button>
              );
            },
          },
        ]}
      />
      {replying ? <ReplyModal key={replying.commId} api={api} review={replying} onClose={() => setReplying(null)} /> : null}
    </section>
  );
}
