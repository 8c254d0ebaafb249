import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';

export interface AmapConfig {
  key: string;
  securityCode: string;
}

interface AmapMap {
  on(event: 'click', handler: (e: { lnglat: { getLat(): number; getLng(): number } }) => void): void;
  setCenter(center: [number, number]): void;
  destroy(): void;
}
interface AmapMarker {
  setPosition(position: [number, number]): void;
}
interface AmapGlobal {
  Map: new (el: HTMLElement, options: { zoom: number; center: [number, number] }) => AmapMap;
  Marker: new (options: { position: [number, number]; map: AmapMap }) => AmapMarker;
}

let loading: Promise<AmapGlobal> | undefined;
/** Loads AMap's JS API 2.0 once (only ever called when a key is configured). */
function loadAmap(config: AmapConfig): Promise<AmapGlobal> {
  loading ??= new Promise<AmapGlobal>((resolve, reject) => {
    const w = window as unknown as { _AMapSecurityConfig?: { securityJsCode: string }; AMap?: AmapGlobal };
    w._AMapSecurityConfig = { securityJsCode: config.securityCode };
    const script = document.createElement('script');
    script.src = `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(config.key)}`;
    script.async = true;
    script.onload = () => (w.AMap ? resolve(w.AMap) : reject(new Error('AMap missing')));
    script.onerror = () => reject(new Error('AMap failed to load'));
    document.head.append(script);
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** With a key: a map; a click moves the pin. The coordinate fields stay beside it either way. */
export function AmapPicker({ config, lat, lng, onPick }: { config: AmapConfig; lat: number; lng: number; onPick: (lat: number, lng: number) => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const marker = useRef<AmapMarker | null>(null);
  const map = useRef<AmapMap | null>(null);
  const [failed, setFailed] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    let live = true;
    loadAmap(config)
      .then((AMap) => {
        if (!live || !box.current) return;
        map.current = new AMap.Map(box.current, { zoom: 13, center: [lng, lat] });
        marker.current = new AMap.Marker({ position: [lng, lat], map: map.current });
        map.current.on('click', (e) => pick.current(e.lnglat.getLat(), e.lnglat.getLng()));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      map.current?.destroy();
      map.current = null;
    };
    // The map is made once; later pins move the marker (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config]);

  useEffect(() => {
    marker.current?.setPosition([lng, lat]);
    map.current?.setCenter([lng, lat]);
  }, [lat, lng]);

  return (
    <div className="map-picker">
      <p className="map-picker__note">{failed ? t('shopApply.mapLoadFailed') : t('shopApply.mapPick')}</p>
      <div ref={box} className="map-picker__map" />
    </div>
  );
}
