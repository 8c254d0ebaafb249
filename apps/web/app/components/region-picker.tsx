import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../lib/i18n.tsx';
import { AreaSchema, type Area } from '@bazaar/shared/schemas/address';
import { api } from '../lib/api.ts';
import './region-picker.css';

export interface Region {
  provinceId: number;
  cityId: number;
  /** 0 when the city has no districts. */
  areaId: number;
}

// Divisions never change: each level list is fetched once per page load.
const childrenCache = new Map<number, Promise<Area[]>>();
function loadChildren(parentId: number): Promise<Area[]> {
  let hit = childrenCache.get(parentId);
  if (!hit) {
    hit = api('/p/area/listByPid', { query: { pid: parentId }, schema: AreaSchema.array() });
    childrenCache.set(parentId, hit);
    hit.catch(() => childrenCache.delete(parentId));
  }
  return hit;
}

function useChildren(parentId: number): Area[] | null {
  const [state, setState] = useState<{ parentId: number; areas: Area[] } | null>(null);
  useEffect(() => {
    if (!parentId) return;
    let live = true;
    loadChildren(parentId)
      .then((areas) => {
        if (live) setState({ parentId, areas });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [parentId]);
  return parentId && state?.parentId === parentId ? state.areas : null;
}

/** Province, city and district as three linked selects (keyboard friendly, each labelled). */
export function RegionPicker({
  provinces,
  value,
  onChange,
  error,
}: {
  provinces: Area[];
  value: Region;
  onChange: (region: Region) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const cities = useChildren(value.provinceId);
  const districts = useChildren(value.cityId);
  const noDistricts = districts !== null && districts.length === 0;

  const select = (name: 'province' | 'city' | 'area', options: Area[] | null, selected: number, onPick: (v: number) => void) => (
    <label className="region-picker__item">
      <span className="visually-hidden">{t(`address.form.${name}`)}</span>
      <select
        className="field__input region-picker__select"
        value={selected || ''}
        disabled={!options || (name === 'area' && noDistricts)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onPick(Number(e.target.value) || 0)}
      >
        <option value="">{name === 'area' && noDistricts ? '—' : t('address.form.choose', { name: t(`address.form.${name}`) })}</option>
        {options?.map((a) => (
          <option key={a.areaId} value={a.areaId}>
            {a.areaName}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className={`field${error ? ' field--invalid' : ''}`} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field__label">
        {t('address.regionLabel')}
      </span>
      <div className="region-picker">
        {select('province', provinces, value.provinceId, (provinceId) => onChange({ provinceId, cityId: 0, areaId: 0 }))}
        {select('city', cities, value.cityId, (cityId) => onChange({ ...value, cityId, areaId: 0 }))}
        {select('area', districts, value.areaId, (areaId) => onChange({ ...value, areaId }))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
