import { useTranslation } from '../../lib/i18n.tsx';
import { formatYuan } from '../../lib/format.ts';
import type { Language } from '@bazaar/shared/constants/limits';

/** A price in yuan with 2 decimals (money arrives in fen); the original price is struck through when higher. */
export function Price({ fen, oriFen, className }: { fen: number; oriFen?: number; className?: string }) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (
    <span className={['price', className].filter(Boolean).join(' ')}>
      <span className="price__now">{formatYuan(fen, lang)}</span>
      {oriFen !== undefined && oriFen > fen ? <s className="price__was">{formatYuan(oriFen, lang)}</s> : null}
    </span>
  );
}
