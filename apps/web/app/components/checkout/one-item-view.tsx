// The page of a one-item checkout (the flash sale's, the group buy's and the points mall's): the
// address or the virtual item's note, the item with its count and the message to the shop, and the
// summary with the fees, the payable amount, where it goes and the submit button. Each checkout hands
// in its own texts and parts; its state is use-one-item-checkout.ts's. What the three share is drawn
// by one-item.css; each element also has the page's own block class (`<block>__line`, `__count`, ...),
// by which its feature's stylesheet sets the columns and the count's layout.
import type { ReactNode } from 'react';
import type { Address } from '@bazaar/shared/schemas/address';
import { Button } from '../ui/button.tsx';
import { Price } from '../ui/price.tsx';
import { SummaryShipTo } from './ship-to.tsx';
import './one-item.css';

export interface OneItemLine {
  pic: string;
  /** The product's name, a link back to its activity page. */
  name: ReactNode;
  skuName: string | null | undefined;
  /** Badges after the name (the order kind, the team size). */
  tags?: ReactNode;
  /** The unit price's label for screen readers, and the price itself. */
  unitLabel: string;
  unit: ReactNode;
  /** The count's label, input and hint. */
  count: ReactNode;
}

export interface OneItemFee {
  label: string;
  value: ReactNode;
  testId?: string;
}

export interface OneItemSubmit {
  label: string;
  disabled: boolean;
  /** The id of the alert that says why the button is disabled, if one is shown. */
  describedBy: string | undefined;
  onClick: () => void;
}

export function OneItemCheckoutView({
  block,
  title,
  address,
  virtualNote,
  items,
  line,
  afterLine,
  summary,
}: {
  /** The checkout's BEM block, also a class of the page. */
  block: string;
  title: ReactNode;
  /** The address section for a physical item; null for a virtual one, which shows `virtualNote`. */
  address: ReactNode | null;
  virtualNote: string;
  items: { id: string; title: string; shop: ReactNode };
  line: OneItemLine;
  /** Below the line: the message to the shop and the activity's note. */
  afterLine: ReactNode;
  summary: {
    label: string;
    busy: boolean;
    fees: OneItemFee[];
    /** Before the payable amount (the points the shopper has). */
    lead?: ReactNode;
    payable: { label: string; fen: number };
    shipTo: { address: Address | null; needsAddress: boolean; needsId: string };
    /** After where it goes: the activity's notes and alerts. */
    notes: ReactNode;
    submit: OneItemSubmit;
  };
}) {
  return (
    <div className={`container page-section checkout ${block}`}>
      <h1 className="checkout__title">{title}</h1>
      {address ?? <p className={`card checkout-section one-item__virtual ${block}__virtual`}>{virtualNote}</p>}

      <section className="card checkout-section" aria-labelledby={items.id}>
        <div className="checkout-section__head">
          <h2 id={items.id} className="checkout-section__title">
            {items.title}
          </h2>
          {items.shop}
        </div>
        <div className={`one-item__line ${block}__line`}>
          <img src={line.pic} alt="" width={80} height={80} className={`one-item__pic ${block}__pic`} />
          <div className={`one-item__name ${block}__name`}>
            {line.name}
            {line.skuName ? <span className={`one-item__sku ${block}__sku`}>{line.skuName}</span> : null}
            {line.tags}
          </div>
          <div className={`${block}__unit`}>
            <span className="visually-hidden">{line.unitLabel}</span>
            {line.unit}
          </div>
          <div className={`${block}__count`}>{line.count}</div>
        </div>
        {afterLine}
      </section>

      <section className="card checkout-summary" aria-label={summary.label}>
        <dl className="checkout-summary__fees" aria-busy={summary.busy}>
          {summary.fees.map((fee) => (
            <div key={fee.label}>
              <dt>{fee.label}</dt>
              <dd data-testid={fee.testId}>{fee.value}</dd>
            </div>
          ))}
        </dl>
        <div className="checkout-summary__bar">
          {summary.lead}
          <div className="checkout-summary__payable">
            <span>{summary.payable.label}</span>
            <Price fen={summary.payable.fen} className="checkout-summary__amount" />
          </div>
          <SummaryShipTo {...summary.shipTo} />
          {summary.notes}
          <Button size="lg" className="checkout-summary__submit" disabled={summary.submit.disabled} aria-describedby={summary.submit.describedBy} onClick={summary.submit.onClick}>
            {summary.submit.label}
          </Button>
        </div>
      </section>
    </div>
  );
}

/** A fee row's amount: "free" at 0 fen. */
export const feeOrFree = (fen: number, free: string): ReactNode => (fen === 0 ? free : <Price fen={fen} />);
