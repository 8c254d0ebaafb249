import { Space, Tag, Typography } from 'antd';
import { COMBO_STATES, ComboRowSchema, MerchantComboDetailSchema, type ComboRow, type ComboState } from '@bazaar/shared/schemas/combo';
import { yuan } from '@bazaar/console-ui/format.ts';
import { useI18n } from '../lib/i18n.tsx';
import { StateListPage } from '@bazaar/console-ui/state-list-page.tsx';
import { api } from '../lib/api.ts';

const TABS = ['all', ...COMBO_STATES] as const;

// Preset colours that keep axe's contrast: the state is also in the text.
const STATE_COLOR: Record<ComboState, string> = { upcoming: 'default', running: 'success', ended: 'default' };

/** The shop's discount packages by state, with their usage: create, edit or view, end (decision 046). */
export function CombosPage({ onOpen, onCreate }: { onOpen: (id: number) => void; onCreate: () => void }) {
  const { t } = useI18n();
  return (
    <StateListPage<ComboRow>
      api={api}
      path="/merchant/combos"
      queryKey="combos"
      prefix="combos"
      titleId="combos-title"
      tabs={TABS}
      rowSchema={ComboRowSchema}
      endSchema={MerchantComboDetailSchema}
      rowKey="comboId"
      idOf={(c) => c.comboId}
      isOpen={(c) => c.state !== 'ended'}
      onOpen={onOpen}
      onCreate={onCreate}
      columns={(nameOf) => [
        {
          title: t('combos.columns.name'),
          render: (_v, c) => (
            <Space>
              {c.mainPic ? <img src={c.mainPic} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null}
              <span>
                <Typography.Text strong>{nameOf(c)}</Typography.Text>
                <br />
                <Typography.Text type="secondary">{t('combos.lines', { count: c.lineCount })}</Typography.Text>
              </span>
            </Space>
          ),
        },
        { title: t('combos.columns.price'), render: (_v, c) => yuan(c.comboAmount) },
        { title: t('combos.columns.original'), render: (_v, c) => yuan(c.originalAmount) },
        {
          title: t('combos.columns.time'),
          render: (_v, c) => (
            <span style={{ whiteSpace: 'nowrap' }}>
              {c.startTime}
              <br />
              {c.endTime}
            </span>
          ),
        },
        { title: t('combos.columns.state'), render: (_v, c) => <Tag color={STATE_COLOR[c.state]}>{t(`combos.state.${c.state}`)}</Tag> },
        { title: t('combos.columns.orders'), render: (_v, c) => <span data-testid="combo-orders">{c.orderCount}</span> },
        { title: t('combos.columns.pieces'), render: (_v, c) => <span data-testid="combo-pieces">{c.piecesSold}</span> },
        { title: t('combos.columns.reduced'), render: (_v, c) => <span data-testid="combo-reduced">{yuan(c.reduceAmount)}</span> },
      ]}
    />
  );
}
