import { useTranslation } from '../../lib/i18n.tsx';

/** A review's score as five stars, named for screen readers ("4 星" / "Rated 4 out of 5"). */
export function Stars({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t('review.score', { score })}>
      {'★★★★★'.slice(0, score)}
      <span className="stars__off">{'★★★★★'.slice(score)}</span>
    </span>
  );
}
