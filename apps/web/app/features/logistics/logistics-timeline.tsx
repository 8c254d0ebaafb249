import { useCallback, useEffect, useState } from "react";
import { useTranslation } from '../../lib/i18n.tsx';
import { LOGISTICS_STATE } from "@bazaar/shared/constants/order-status";
import {
  DeliveryTrackSchema,
  OrderPackageSchema,
  type DeliveryTrack,
  type OrderPackage,
} from "@bazaar/shared/schemas/logistics";
import { api } from "../../lib/api.ts";
import { Button } from "../../components/ui/button.tsx";
import "./logistics.css";

const STATE_KEYS: Record<number, string> = {
  [LOGISTICS_STATE.none]: "logistics.state.none",
  [LOGISTICS_STATE.received]: "logistics.state.received",
  [LOGISTICS_STATE.inTransit]: "logistics.state.inTransit",
  [LOGISTICS_STATE.reachedCity]: "logistics.state.reachedCity",
  [LOGISTICS_STATE.signed]: "logistics.state.signed",
  [LOGISTICS_STATE.faulty]: "logistics.state.faulty",
};

export function logisticsStateKey(state: number): string {
  return STATE_KEYS[state] ?? "logistics.state.inTransit";
}

type Tracked = OrderPackage & { track: DeliveryTrack | null };
type Loaded =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; packages: Tracked[] };

async function loadPackages(
  orderNumber: string,
  signal: AbortSignal,
): Promise<Tracked[]> {
  const packages = await api(`/p/myDelivery/orderInfo/${orderNumber}`, {
    schema: OrderPackageSchema.array(),
    silent: true,
    signal,
  });
  // Every package's timeline at once; one that fails still shows its package.
  const tracks = await Promise.all(
    packages.map((p) =>
      api(`/p/myDelivery/deliveryOrder/${p.orderDeliveryId}`, {
        schema: DeliveryTrackSchema,
        silent: true,
        signal,
      }).catch((err: unknown) => {
        if ((err as Error).name === "AbortError") throw err;
        return null;
      }),
    ),
  );
  return packages.map((p, i) => ({ ...p, track: tracks[i] ?? null }));
}

/**
 * An order's packages (courier, waybill, shipment time, logistics status) with each package's
 * timeline, newest scan first. Loaded in the browser: courier data changes by the hour and
 * the order page renders without waiting for it.
 */
export function LogisticsTimeline({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setLoaded({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    loadPackages(orderNumber, controller.signal).then(
      (packages) => setLoaded({ status: "ready", packages }),
      (err: unknown) => {
        if ((err as Error).name !== "AbortError")
          setLoaded({ status: "error" });
      },
    );
    return () => controller.abort();
  }, [orderNumber, attempt]);

  if (loaded.status === "loading") {
    return (
      <p className="logistics__message" role="status">
        {t("logistics.loading")}
      </p>
    );
  }
  if (loaded.status === "error") {
    return (
      <div className="logistics__message" role="alert">
        <span>{t("logistics.loadFailed")}</span>
        <Button size="sm" variant="secondary" onClick={retry}>
          {t("logistics.retry")}
        </Button>
      </div>
    );
  }
  if (loaded.packages.length === 0)
    return <p className="logistics__message">{t("logistics.empty")}</p>;

  return (
    <ul className="logistics" aria-label={t("logistics.packagesLabel")}>
      {loaded.packages.map((pkg, index) => (
        <PackageCard key={pkg.orderDeliveryId} pkg={pkg} n={index + 1} />
      ))}
    </ul>
  );
}

function PackageCard({ pkg, n }: { pkg: Tracked; n: number }) {
  const { t } = useTranslation();
  const titleId = `package-${pkg.orderDeliveryId}`;
  const state = pkg.track?.state ?? pkg.state;
  const traces = pkg.track?.traces ?? [];
  return (
    <li>
      <article
        className="logistics-package"
        aria-labelledby={titleId}
        data-testid="logistics-package"
      >
        <div className="logistics-package__head">
          <h3 id={titleId} className="logistics-package__title">
            {t("logistics.packageTitle", { n })}
          </h3>
          <span
            className={`logistics-package__state logistics-package__state--${state}`}
            data-testid="logistics-state"
          >
            <span className="visually-hidden">{t("logistics.status")}: </span>
            {t(logisticsStateKey(state))}
          </span>
        </div>
        <dl className="logistics-package__facts">
          <div>
            <dt>{t("logistics.company")}</dt>
            <dd>{pkg.track?.companyName ?? pkg.dvyName}</dd>
          </div>
          <div>
            <dt>{t("logistics.waybill")}</dt>
            <dd className="logistics-package__waybill">{pkg.dvyFlowId}</dd>
          </div>
          <div>
            <dt>{t("logistics.shipTime")}</dt>
            <dd>{pkg.createTime}</dd>
          </div>
        </dl>
        {pkg.items.length ? (
          <ul
            className="logistics-package__items"
            aria-label={t("logistics.items")}
          >
            {pkg.items.map((item) => (
              <li
                key={item.orderItemId}
                className="logistics-package__item"
                title={
                  item.skuName
                    ? `${item.prodName} ${item.skuName}`
                    : item.prodName
                }
              >
                {item.pic ? (
                  <img
                    src={item.pic}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                  />
                ) : null}
                <span className="logistics-package__item-name">
                  {item.prodName}
                </span>
                <span className="logistics-package__item-count">
                  {t("logistics.itemCount", { count: item.count })}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {traces.length === 0 ? (
          <p className="logistics__message">{t("logistics.noTraces")}</p>
        ) : (
          <ol
            className="logistics-timeline"
            aria-label={t("logistics.timeline")}
          >
            {traces.map((trace, i) => (
              <li
                key={`${trace.acceptTime}-${i}`}
                className={`logistics-timeline__item${i === 0 ? " logistics-timeline__item--latest" : ""}`}
                aria-current={i === 0 ? "step" : undefined}
              >
                <span className="logistics-timeline__dot" aria-hidden="true" />
                <time
                  className="logistics-timeline__time"
                  dateTime={`${trace.acceptTime.replace(" ", "T")}+08:00`}
                >
                  {trace.acceptTime}
                </time>
                <p className="logistics-timeline__station">
                  {i === 0 ? (
                    <span className="logistics-timeline__latest">
                      {t("logistics.latest")}
                    </span>
                  ) : null}
                  {trace.acceptStation}
                </p>
              </li>
            ))}
          </ol>
        )}
      </article>
    </li>
  );
}
