import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "../../lib/i18n.tsx";
import { formatYuan } from "../../lib/format.ts";
import type { Language } from "@bazaar/shared/constants/limits";
import { maxLineCount, type CartItem } from "@bazaar/shared/schemas/cart-view";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Price } from "../../components/ui/price.tsx";
import { showToast } from "../../components/ui/toast.tsx";
import type { DiscountLabel } from "@bazaar/shared/schemas/pricing";
import type { CartCombo } from "@bazaar/shared/schemas/combo";
import {
  allChecked,
  allItems,
  checkedIds,
  hasTickedPackage,
  promotionChoices,
  shopItems,
  shopPackages,
  type CartGroup,
  type ShopLines,
} from "./cart-state.ts";
import {
  promotionHint,
  promotionLabels,
  promotionSaved,
} from "./promotion-text.ts";
import { CartQuantity } from "./cart-quantity.tsx";
import { ExpiredItems } from "./expired-items.tsx";
import { useCart, type CartData } from "./use-cart.ts";

/** A line in several promotions: which one it counts in (the server places it where it saves most until the shopper chooses). */
function PromotionChoice({
  item,
  choices,
  current,
  onChoose,
}: {
  item: CartItem;
  choices: DiscountLabel[];
  current: number | null;
  onChoose: (discountId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  return (
    <label className="cart-line__promotion">
      <span aria-hidden="true">{t("cartPage.promotion.choose")}</span>
      <select
        value={current ?? ""}
        onChange={(event) => onChoose(Number(event.target.value))}
        aria-label={t("cartPage.promotion.chooseLabel", {
          name: item.prodName,
        })}
        data-testid="cart-promotion-choice"
      >
        {choices.map((d) => (
          <option key={d.discountId} value={d.discountId}>
            {promotionLabels(d, lang)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A line's picture and name, both leading to the product, its SKU, and what the line adds below them. */
function LineProduct({
  item,
  children,
}: {
  item: { prodId: number; pic: string; prodName: string; skuName?: string | null };
  children?: ReactNode;
}) {
  return (
    <>
      <Link
        to={`/detail/${item.prodId}`}
        className="cart-line__media"
        tabIndex={-1}
        aria-hidden="true"
      >
        <img
          src={item.pic}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          decoding="async"
        />
      </Link>
      <div className="cart-line__info">
        <Link to={`/detail/${item.prodId}`} className="cart-line__name">
          {item.prodName}
        </Link>
        {item.skuName ? (
          <span className="cart-line__sku">{item.skuName}</span>
        ) : null}
        {children}
      </div>
    </>
  );
}

function CartLine({
  item,
  choices,
  current,
  onToggle,
  onCount,
  onDelete,
  onChoose,
}: {
  item: CartItem;
  choices: DiscountLabel[];
  current: number | null;
  onToggle: (on: boolean) => void;
  onCount: (count: number) => void;
  onDelete: () => void;
  onChoose: (discountId: number) => void;
}) {
  const { t } = useTranslation();
  const max = maxLineCount(item.stocks);
  const low = item.stocks !== -1 && item.stocks <= 5;
  return (
    <li
      className={`cart-line${item.isChecked ? " cart-line--checked" : ""}`}
      data-testid="cart-line"
    >
      <label className="cart-check cart-line__check">
        <input
          type="checkbox"
          checked={item.isChecked === 1}
          onChange={(event) => onToggle(event.target.checked)}
        />
        <span className="visually-hidden">
          {t("cartPage.selectItem", { name: item.prodName })}
        </span>
      </label>
      <LineProduct item={item}>
        {choices.length > 1 ? (
          <PromotionChoice
            item={item}
            choices={choices}
            current={current}
            onChoose={onChoose}
          />
        ) : null}
      </LineProduct>
      <Price fen={item.price} className="cart-line__price" />
      <div className="cart-line__qty">
        <CartQuantity
          name={item.prodName}
          value={item.prodCount}
          max={max}
          onChange={onCount}
        />
        {item.prodCount > max ? (
          <span className="cart-line__warn" role="status">
            {t("cartPage.overStock", { count: max })}
          </span>
        ) : low ? (
          <span className="cart-line__hint">
            {t("cartPage.stockLeft", { count: item.stocks })}
          </span>
        ) : null}
      </div>
      <Price fen={item.productTotalAmount} className="cart-line__amount" />
      <div className="cart-line__actions">
        <button
          type="button"
          className="text-link"
          onClick={onDelete}
          aria-label={t("cartPage.deleteItem", { name: item.prodName })}
        >
          {t("cartPage.delete")}
        </button>
      </div>
    </li>
  );
}

/** What a package unit can do: tick, change its sets, leave the cart. */
interface PackageActions {
  onToggle: (comboId: number, on: boolean) => void;
  onCount: (comboId: number, delta: number) => void;
  onDelete: (comboId: number) => void;
}

/** A discount package in the cart: its head (tick, name, price a set, saving, sets, delete) and its lines, which move with it. */
function PackageUnit({
  combo,
  items,
  actions,
}: {
  combo: CartCombo;
  items: CartItem[];
  actions: PackageActions;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const unavailable = combo.unavailable;
  return (
    <div className="cart-group cart-group--package" data-testid="cart-package">
      <div className="cart-package">
        <label className="cart-check">
          <input
            type="checkbox"
            checked={combo.isChecked === 1 && !unavailable}
            disabled={unavailable !== null}
            onChange={(event) =>
              actions.onToggle(combo.comboId, event.target.checked)
            }
          />
          <span className="visually-hidden">
            {t("packages.select", { name: combo.comboName })}
          </span>
        </label>
        <span className="cart-package__tag">{t("packages.tag")}</span>
        <span className="cart-package__name">{combo.comboName}</span>
        <span className="cart-package__price">
          {t("packages.setPrice", {
            price: formatYuan(combo.comboAmount, lang),
          })}
        </span>
        <span className="cart-package__state" aria-live="polite">
          {combo.comboReduce > 0 ? (
            <span
              className="cart-promotion__saved"
              data-testid="cart-package-saved"
            >
              {t("packages.saved", {
                amount: formatYuan(combo.comboReduce, lang),
              })}
            </span>
          ) : null}
          {unavailable ? (
            <span className="cart-line__warn">
              {t(`packages.unavailable.${unavailable}`)}
            </span>
          ) : null}
        </span>
        <div className="cart-package__qty">
          {unavailable ? null : (
            <CartQuantity
              name={combo.comboName}
              value={combo.prodCount}
              max={combo.maxSets}
              onChange={(count) =>
                actions.onCount(combo.comboId, count - combo.prodCount)
              }
            />
          )}
        </div>
        <button
          type="button"
          className="text-link"
          onClick={() => actions.onDelete(combo.comboId)}
          aria-label={t("packages.removeLabel", { name: combo.comboName })}
        >
          {t("packages.remove")}
        </button>
      </div>
      <ul className="cart-shop__lines">
        {items.map((item) => (
          <li
            key={item.skuId}
            className={`cart-line${combo.isChecked ? " cart-line--checked" : ""}`}
            data-testid="cart-package-line"
          >
            <span className="cart-line__check" />
            <LineProduct item={item} />
            <Price fen={item.price} className="cart-line__price" />
            <span className="cart-line__qty">
              {t("packages.each", { count: item.prodCount })}
            </span>
            <Price
              fen={item.productTotalAmount}
              className="cart-line__amount"
            />
            <span className="cart-line__actions" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A promotion group's head: its kind and tiers, what the ticked lines save, and what is missing for the next tier. */
function PromotionHead({ group }: { group: CartGroup }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const promotion = group.promotion;
  if (!promotion) return null;
  const saved = promotionSaved(promotion, lang, t);
  const hint = promotionHint(promotion, lang, t);
  return (
    <div className="cart-promotion" data-testid="cart-promotion">
      <span className="cart-promotion__kind">
        {t(`discountPage.kinds.${promotion.discountRule}`)}
      </span>
      <span
        className="cart-promotion__labels"
        data-testid="cart-promotion-labels"
      >
        {promotionLabels(promotion, lang)}
      </span>
      <span className="cart-promotion__state" aria-live="polite">
        {saved ? (
          <span
            className="cart-promotion__saved"
            data-testid="cart-promotion-saved"
          >
            {saved}
          </span>
        ) : null}
        {hint ? (
          <span
            className="cart-promotion__hint"
            data-testid="cart-promotion-hint"
          >
            {hint}
          </span>
        ) : null}
      </span>
      {hint ? (
        <Link
          to={`/discount-detail?discountId=${promotion.discountId}`}
          className="cart-promotion__more"
          aria-label={t("cartPage.promotion.moreLabel", {
            labels: promotionLabels(promotion, lang),
          })}
        >
          {t("cartPage.promotion.more")}
        </Link>
      ) : null}
    </div>
  );
}

function ShopGroup({
  shop,
  onToggle,
  onCount,
  onDelete,
  onChoose,
  packageActions,
}: {
  shop: ShopLines;
  onToggle: (ids: number[], on: boolean) => void;
  onCount: (basketId: number, count: number) => void;
  onDelete: (ids: number[]) => void;
  onChoose: (basketId: number, discountId: number) => void;
  packageActions: PackageActions;
}) {
  const { t } = useTranslation();
  const headingId = `cart-shop-${shop.shopId}`;
  const items = shopItems(shop);
  return (
    <section
      className="cart-shop"
      aria-labelledby={headingId}
      data-testid="cart-shop"
    >
      <header className="cart-shop__head">
        <label className="cart-check">
          <input
            type="checkbox"
            checked={allChecked(items)}
            disabled={items.length === 0}
            onChange={(event) =>
              onToggle(
                items.map((i) => i.basketId),
                event.target.checked,
              )
            }
          />
          <span className="visually-hidden">
            {t("cartPage.selectShop", { name: shop.shopName })}
          </span>
        </label>
        <h2 id={headingId} className="cart-shop__name">
          <Link
            to={`/shopIndex?sid=${shop.shopId}`}
            aria-label={t("cartPage.shopLink", { name: shop.shopName })}
          >
            <svg
              className="cart-shop__icon"
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
            >
              <path
                d="M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5V20h16V9.5M9.5 20v-5h5v5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.7"
                strokeLinejoin="round"
              />
            </svg>
            {shop.shopName}
          </Link>
        </h2>
      </header>
      {shop.groups.map((group, g) =>
        group.combo ? (
          <PackageUnit
            key={`combo-${group.combo.comboId}`}
            combo={group.combo}
            items={group.items}
            actions={packageActions}
          />
        ) : (
          <div
            key={group.promotion?.discountId ?? `none-${g}`}
            className={`cart-group${group.promotion ? " cart-group--promotion" : ""}`}
            data-testid="cart-group"
          >
            <PromotionHead group={group} />
            <ul className="cart-shop__lines">
              {group.items.map((item) => (
                <CartLine
                  key={item.basketId}
                  item={item}
                  choices={promotionChoices(shop, item)}
                  current={group.promotion?.discountId ?? null}
                  onToggle={(on) => onToggle([item.basketId], on)}
                  onCount={(count) => onCount(item.basketId, count)}
                  onDelete={() => onDelete([item.basketId])}
                  onChoose={(discountId) => onChoose(item.basketId, discountId)}
                />
              ))}
            </ul>
          </div>
        ),
      )}
    </section>
  );
}

/** The cart: shop groups, the unavailable lines apart, and a summary bar that stays in view. */
export function CartPage({ data }: { data: CartData }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const navigate = useNavigate();
  const cart = useCart(data);
  const [confirming, setConfirming] = useState(false);
  const [settling, setSettling] = useState(false);
  const items = allItems(cart.shops);
  const selected = checkedIds(cart.shops);
  const everything = allChecked(items);
  const packages = cart.shops.flatMap(shopPackages);
  const packageActions: PackageActions = {
    onToggle: (comboId, on) => void cart.togglePackage(comboId, on),
    onCount: (comboId, delta) => void cart.changePackage(comboId, delta),
    onDelete: (comboId) =>
      void cart
        .removePackage(comboId)
        .then(
          (ok) => ok && showToast(t("packages.removed"), { kind: "success" }),
        ),
  };

  async function remove(ids: number[]) {
    setConfirming(false);
    if (await cart.remove(ids))
      showToast(t("cartPage.deleted"), { kind: "success" });
  }

  function askBatchDelete() {
    if (selected.length === 0)
      showToast(t("cartPage.errors.selectOne"), { kind: "warning" });
    else setConfirming(true);
  }

  async function settle() {
    if (selected.length === 0 && !hasTickedPackage(cart.shops)) {
      showToast(t("cartPage.errors.selectOne"), { kind: "warning" });
      return;
    }
    setSettling(true);
    try {
      if (await cart.prepareCheckout()) await navigate("/submit-order");
    } finally {
      setSettling(false);
    }
  }

  const selectAll = (
    <label className="cart-check">
      <input
        type="checkbox"
        checked={everything}
        disabled={items.length === 0}
        onChange={(event) =>
          void cart.toggle(
            items.map((i) => i.basketId),
            event.target.checked,
          )
        }
      />
      {t("cartPage.selectAll")}
    </label>
  );

  return (
    <div className="container page-section cart-page">
      <div className="cart-page__title">
        <h1>{t("cartPage.heading")}</h1>
        <span className="cart-page__count">
          {t("cartPage.total", { count: items.length + packages.length })}
        </span>
      </div>

      {items.length === 0 && packages.length === 0 ? (
        <section className="card cart-empty" aria-labelledby="cart-empty-title">
          <svg
            className="cart-empty__art"
            viewBox="0 0 64 64"
            aria-hidden="true"
            focusable="false"
          >
            <path
              d="M8 12h7l6 30a4 4 0 0 0 4 3h22a4 4 0 0 0 4-3l5-20H19"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="27" cy="53" r="3.5" fill="currentColor" />
            <circle cx="47" cy="53" r="3.5" fill="currentColor" />
          </svg>
          <h2 id="cart-empty-title" className="cart-empty__title">
            {t("cartPage.empty.title")}
          </h2>
          <p className="cart-empty__text">{t("cartPage.empty.text")}</p>
          <Link to="/list?st=0" className={buttonClass()}>
            {t("cartPage.empty.browse")}
          </Link>
        </section>
      ) : (
        <div className="card cart-table">
          <div className="cart-table__head" aria-hidden="true">
            <span className="cart-table__select">
              {t("cartPage.selectAll")}
            </span>
            <span>{t("cartPage.columns.product")}</span>
            <span>{t("cartPage.columns.price")}</span>
            <span>{t("cartPage.columns.quantity")}</span>
            <span>{t("cartPage.columns.amount")}</span>
            <span>{t("cartPage.columns.actions")}</span>
          </div>
          {cart.shops.map((shop) => (
            <ShopGroup
              key={shop.shopId}
              shop={shop}
              onToggle={(ids, on) => void cart.toggle(ids, on)}
              onCount={cart.setCount}
              onDelete={(ids) => void remove(ids)}
              onChoose={(basketId, discountId) =>
                void cart.choosePromotion(basketId, discountId)
              }
              packageActions={packageActions}
            />
          ))}
        </div>
      )}

      {cart.expired.length > 0 ? (
        <ExpiredItems
          items={cart.expired}
          onClear={() => cart.clearExpired()}
        />
      ) : null}

      {items.length > 0 || packages.length > 0 ? (
        <section
          className="cart-summary"
          aria-label={t("cartPage.summary.label")}
        >
          {selectAll}
          <button
            type="button"
            className="text-link cart-summary__delete"
            onClick={askBatchDelete}
          >
            {t("cartPage.deleteSelected")}
          </button>
          <span className="cart-summary__spacer" />
          <span
            className="cart-summary__selected"
            data-testid="cart-selected-count"
          >
            {t("cartPage.summary.selected", { count: cart.total.count })}
          </span>
          <span className="cart-summary__total">
            {t("cartPage.summary.total")}
            <Price
              fen={cart.total.finalMoney}
              className="cart-summary__money"
            />
            {cart.total.subtractMoney > 0 ? (
              <span className="cart-summary__subtract">
                {t("cartPage.summary.subtract", {
                  amount: formatYuan(cart.total.subtractMoney, lang),
                })}
              </span>
            ) : null}
          </span>
          <Button
            size="lg"
            className="cart-summary__settle"
            onClick={() => void settle()}
            disabled={settling}
            aria-busy={settling}
          >
            {t("cartPage.summary.settle")}
          </Button>
        </section>
      ) : null}

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("cartPage.deleteConfirmTitle")}
      >
        <p className="cart-confirm__text">
          {t("cartPage.deleteConfirmText", { count: selected.length })}
        </p>
        <div className="cart-confirm__actions">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t("cartPage.keep")}
          </Button>
          <Button onClick={() => void remove(selected)}>
            {t("cartPage.deleteConfirm")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
