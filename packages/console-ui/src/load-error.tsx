import { Typography } from 'antd';
import { errorText } from './console-api.ts';
import { useI18n } from './i18n-context.tsx';

/**
 * What a page or list shows when its data failed to load: the API's own words, so a 403 (a role
 * that lost the permission) says what it lacks (admin.errors.forbidden, merchant.errors.forbidden)
 * instead of "failed to load"; the console's words only when the API gave none (a 5xx, no network).
 */
export function LoadError({ error }: { error: unknown }) {
  const { t } = useI18n();
  return (
    <Typography.Text type="danger" role="alert">
      {errorText(error, t, 'app.loadFailed')}
    </Typography.Text>
  );
}
