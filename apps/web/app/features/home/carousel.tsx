import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { Banner } from '@bazaar/shared/schemas/home';

export const CAROUSEL_INTERVAL_MS = 5_000;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** A slide opens its product with bannerEnter (page id 2 in the traffic log). */
export const bannerHref = (prodId: number) => `/detail/${prodId}?bannerEnter=1`;

/**
 * The carousel: slides fade every 5 s, pausing on hover, on focus, with reduced motion or by the
 * pause button. Hidden slides are inert, so keyboard and screen readers meet only the shown one.
 */
export function Carousel({ banners, width, height }: { banners: Banner[]; width: number; height: number }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = banners.length;
  const running = count > 1 && !hovered && !stopped && !reducedMotion;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [running, count]);

  if (count === 0) return <div className="carousel carousel--empty" style={{ aspectRatio: `${width} / ${height}` }} />;
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('homePage.carousel.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="carousel__viewport" aria-live={running ? 'off' : 'polite'}>
        {banners.map((banner, i) => {
          const current = i === index;
          const image = (
            <img
              src={banner.imgUrl}
              alt={banner.title}
              width={width}
              height={height}
              // The first slide is the page's largest paint; the others wait for idle time.
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding={i === 0 ? 'sync' : 'async'}
            />
          );
          return (
            <div
              key={`${banner.seq}-${i}`}
              className={`carousel__slide${current ? ' carousel__slide--current' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('homePage.carousel.slide', { index: i + 1, count })}
              inert={!current}
            >
              {banner.prodId !== null ? (
                <Link to={bannerHref(banner.prodId)} className="carousel__link">
                  {image}
                </Link>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" aria-label={t('homePage.carousel.prev')} onClick={() => go(index - 1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" aria-label={t('homePage.carousel.next')} onClick={() => go(index + 1)}>
            <span aria-hidden="true">›</span>
          </button>
          <div className="carousel__controls">
            <button
              type="button"
              className="carousel__toggle"
              aria-label={t(stopped ? 'homePage.carousel.play' : 'homePage.carousel.pause')}
              onClick={() => setStopped((s) => !s)}
            >
              <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
            </button>
            {banners.map((banner, i) => (
              <button
                key={`${banner.seq}-${i}`}
                type="button"
                className={`carousel__dot${i === index ? ' carousel__dot--current' : ''}`}
                aria-label={t('homePage.carousel.goTo', { index: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
