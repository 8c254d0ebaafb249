// A page whose data could not be loaded (a route's ErrorBoundary): the page's own message, and a way
// back when the page has a natural one (the list it came from, the cart).
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n.tsx';
import { buttonClass } from './ui/button.tsx';

export function LoadFailedPage({ message, back }: { message: string; back?: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <div className="container page-section">
      {back ? (
        <section className="card message-panel" role="alert">
          <p className="message-panel__text">{t(message)}</p>
          <Link className={buttonClass({ variant: 'secondary' })} to={back.to}>
            {t(back.label)}
          </Link>
        </section>
      ) : (
        <p className="card message-panel" role="alert">
          {t(message)}
        </p>
      )}
    </div>
  );
}
