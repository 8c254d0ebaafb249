// The parts of a review's row both consoles show (the merchant's reviews, the platform's moderation):
// its stars and its text with its pictures. `head` goes beside the stars (the evaluation and
// hidden tags a console adds). Texts: reviews.score, reviews.pictures, reviews.picture in each
// console's catalog.
import type { ReactNode } from 'react';
import { Image, Space, Typography } from 'antd';
import { useI18n } from './i18n-context.tsx';

/** Dark gold: AA contrast on white. */
const STAR_COLOR = '#874d00';

export function ReviewStars({ score }: { score: number }) {
  const { t } = useI18n();
  return (
    <span role="img" aria-label={t('reviews.score', { count: score })} style={{ color: STAR_COLOR, letterSpacing: 1, whiteSpace: 'nowrap' }}>
      {'★'.repeat(score)}
      {'☆'.repeat(5 - score)}
    </span>
  );
}

/** Stars (with `head` beside them), the text as written, and the pictures as thumbnails that preview. */
export function ReviewBody({ review, head }: { review: { score: number; content: string; pics: readonly string[] }; head?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div style={{ maxWidth: 360 }}>
      {head ? (
        <Space size={4} wrap>
          <ReviewStars score={review.score} />
          {head}
        </Space>
      ) : (
        <ReviewStars score={review.score} />
      )}
      <Typography.Paragraph style={{ margin: '4px 0', whiteSpace: 'pre-wrap' }}>{review.content}</Typography.Paragraph>
      {review.pics.length ? (
        <ul aria-label={t('reviews.pictures')} style={{ display: 'flex', flexWrap: 'wrap', gap: 4, listStyle: 'none', margin: 0, padding: 0 }}>
          <Image.PreviewGroup>
            {review.pics.map((src, i) => (
              <li key={src}>
                <Image src={src} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} alt={t('reviews.picture', { n: i + 1 })} />
              </li>
            ))}
          </Image.PreviewGroup>
        </ul>
      ) : null}
    </div>
  );
}
