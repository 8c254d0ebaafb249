import { Outlet } from 'react-router';
import { SiteChrome } from '../components/site-chrome.tsx';

/** Top bar, header with search, footer. */
export default function DefaultLayout() {
  return (
    <SiteChrome topBar header footer>
      <Outlet />
    </SiteChrome>
  );
}
