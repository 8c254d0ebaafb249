// A list's "shop number" filter (every shop's flash sales and group buys): empty for all shops.
import { InputNumber } from 'antd';

export function ShopIdFilter({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: number | null; onChange: (shopId: number | null) => void }) {
  return <InputNumber<number> aria-label={label} placeholder={placeholder} min={1} precision={0} value={value} onChange={(v) => onChange(v ?? null)} style={{ width: 160 }} />;
}
