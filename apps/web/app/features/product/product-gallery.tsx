import { useState, type CSSProperties, type MouseEvent } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

const STAGE_SIZE = 420;
const THUMB_SIZE = 64;

/**
 * The product pictures: a large picture that magnifies under the pointer, thumbnails to switch,
 * and a zoom button that opens the picture full size (keyboard and touch users).
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  const [zoomOpen, setZoomOpen] = useState(false);
  const current = images[index] ?? images[0] ?? '';

  function onMove(event: MouseEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    setOrigin({ x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 });
  }

  return (
    <section className="gallery" aria-label={t('product.gallery.label')}>
      <div className="gallery__stage" onMouseMove={onMove} style={{ '--zoom-x': `${origin.x}%`, '--zoom-y': `${origin.y}%` } as CSSProperties}>
        <img src={current} alt={name} width={STAGE_SIZE} height={STAGE_SIZE} fetchPriority="high" decoding="async" />
        <button type="button" className="gallery__zoom" onClick={() => setZoomOpen(true)} aria-label={t('product.gallery.zoom')}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15 15l5 5M8 10.5h5M10.5 8v5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((src, i) => (
            <li key={`${src}-${i}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={t('product.gallery.thumb', { n: i + 1 })}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                onMouseEnter={() => setIndex(i)}
              >
                <img src={src} alt="" width={THUMB_SIZE} height={THUMB_SIZE} decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog open={zoomOpen} onClose={() => setZoomOpen(false)} title={t('product.gallery.zoomTitle')} className="gallery-dialog">
        <img src={current} alt={name} width={800} height={800} className="gallery-dialog__img" />
      </Dialog>
    </section>
  );
}
