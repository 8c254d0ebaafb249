import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import type { ServiceSwitch, WebConfig } from '@bazaar/shared/schemas/site';
import type { Language } from '@bazaar/shared/constants/limits';

// Simple line icons: a return arrow, a headset and a shield.
const PROMISES = [
  { key: 'returnPromise', path: 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11' },
  { key: 'servicePromise', path: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14a2 2 0 0 0 2 2h1v-5H6a2 2 0 0 0-2 2Zm16 0a2 2 0 0 1-2 2h-1v-5h1a2 2 0 0 1 2 2ZM17 16v1a3 3 0 0 1-3 3h-2' },
  { key: 'genuinePromise', path: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4' },
] as const;

export function SiteFooter({ webConfig, serviceSwitch, lang }: { webConfig: WebConfig; serviceSwitch: ServiceSwitch; lang: Language }) {
  const { t } = useTranslation();
  const companyLines = (lang === 'en' ? webConfig.pcCompanyInfoEn : webConfig.pcCompanyInfoCn)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const showTerms = serviceSwitch.serviceTermsSwitch || serviceSwitch.privacyPolicySwitch;

  return (
    <footer className="site-footer">
      <div className="site-footer__promises">
        <ul className="container promise-list">
          {PROMISES.map(({ key, path }) => (
            <li key={key} className="promise">
              <svg className="promise__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={path} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span className="promise__text">
                <strong>{t(`layout.footer.${key}`)}</strong>
                <span>{t(`layout.footer.${key}Note`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="container site-footer__legal">
        {showTerms ? (
          <nav className="site-footer__links" aria-label={t('layout.footer.legal')}>
            {serviceSwitch.serviceTermsSwitch ? <Link to="/termsPage?sts=0">{t('layout.footer.serviceTerms')}</Link> : null}
            {serviceSwitch.privacyPolicySwitch ? <Link to="/termsPage?sts=1">{t('layout.footer.privacyPolicy')}</Link> : null}
          </nav>
        ) : null}
        <div className="site-footer__company">
          {companyLines.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
          {webConfig.pcRecordNumber ? (
            <p>
              {webConfig.pcRecordUrl ? (
                <a href={webConfig.pcRecordUrl} target="_blank" rel="noopener noreferrer">
                  {webConfig.pcRecordNumber}
                </a>
              ) : (
                webConfig.pcRecordNumber
              )}
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
