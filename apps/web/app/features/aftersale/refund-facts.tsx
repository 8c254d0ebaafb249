// The label-and-value lists of /return-detail (the return address, the return parcel, the request)
// and their picture links, one way.
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';

export interface Fact {
  label: string;
  value: ReactNode;
  className?: string;
  testId?: string;
}

/** A definition list of facts; a null or false entry (a fact the request does not have) is left out. */
export function RefundFacts({ facts, testId }: { facts: Array<Fact | null | false>; testId?: string }) {
  return (
    <dl className="order-detail__info" data-testid={testId}>
      {facts.map((fact) =>
        fact ? (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd className={fact.className} data-testid={fact.testId}>
              {fact.value}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** Pictures (vouchers, the parcel's images) as thumbnails that open the full picture. */
export function RefundPhotos({ srcs }: { srcs: string[] }) {
  const { t } = useTranslation();
  return srcs.map((src, i) => (
    <a key={src} href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={t('aftersale.detail.info.voucher', { n: i + 1 })} width={64} height={64} loading="lazy" />
    </a>
  ));
}
