import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Button, Result } from 'antd';
import { useI18n } from './i18n-context.tsx';

/**
 * A page that throws while rendering (or whose code fails to load after a new build) shows a
 * message with a reload button instead of leaving the console blank; moving to another page
 * (resetKey) tries again.
 */
export function PageBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <ErrorBoundary
      resetKeys={[resetKey]}
      fallback={<Result status="error" title={t('app.loadFailed')} extra={<Button type="primary" onClick={() => window.location.reload()}>{t('app.reload')}</Button>} />}
    >
      {children}
    </ErrorBoundary>
  );
}
