import { useTranslation } from '../../lib/i18n.tsx';

const ICONS = {
  genuine: 'M12 2.5 4 5.6v5.9c0 4.9 3.4 9.2 8 10.4 4.6-1.2 8-5.5 8-10.4V5.6L12 2.5zm-1.3 13.7-3.6-3.6 1.4-1.4 2.2 2.2 5.2-5.2 1.4 1.4-6.6 6.6z',
  returns: 'M12 4a8 8 0 1 1-7.7 10.1l1.9-.6A6 6 0 1 0 8 7.8V10H6V4h6v2H9.4A8 8 0 0 1 12 4zm-1 4.5h2v3.6l2.6 2.6-1.4 1.4-3.2-3.2V8.5z',
  instant: 'M13 2 4 14h6.5L9.5 22 20 9.5h-6.6L13 2z',
  noReturns: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm-6.3 5.1A8 8 0 0 0 16.9 18.3L5.7 7.1zm1.4-1.4 11.2 11.2A8 8 0 0 0 7.1 5.7z',
} as const;

/** The service promises under the purchase buttons, as icons with text (section 2.2). */
export function ServicePromises({ returnable, virtual }: { returnable: boolean; virtual: boolean }) {
  const { t } = useTranslation();
  const items: { icon: keyof typeof ICONS; text: string }[] = [
    { icon: 'genuine', text: t('product.promises.genuine') },
    returnable ? { icon: 'returns', text: t('product.promises.returns') } : { icon: 'noReturns', text: t('product.promises.noReturns') },
    ...(virtual ? [{ icon: 'instant' as const, text: t('product.promises.instant') }] : []),
  ];
  return (
    <div className="purchase__row promises">
      <span className="purchase__label">{t('product.promises.label')}</span>
      <ul className="promises__list">
        {items.map((item) => (
          <li key={item.icon} className="promises__item">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="promises__icon">
              <path d={ICONS[item.icon]} />
            </svg>
            {item.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
